import { describe, expect, it } from 'vitest';
import { isDecodablePath, refusalOf } from '@/lib/platform/server/http/request-target';

describe('isDecodablePath', () => {
  it.each(['/ext/dispatch/dsp_1', '/ext/dispatch/a%20b', '/t/%D8%A8', '/ext/dispatches?vendor_oid=%ZZ', '/'])('accepts %s', (target) => {
    expect(isDecodablePath(target)).toBe(true);
  });

  it.each(['/ext/dispatch/%ZZ', '/ext/dispatch/%ED%A0%80', '/ext/dispatch/%C3', '/ext/dispatch/%'])('refuses %s', (target) => {
    expect(isDecodablePath(target)).toBe(false);
  });
});

describe('refusalOf', () => {
  it('passes the methods the routes answer, with a decodable path, on to Next.js', () => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) expect(refusalOf(method, '/ext/dispatch')).toBeNull();
  });

  it('answers any other method itself with 501 (Next.js would send an empty 400)', () => {
    const refusal = refusalOf('PROPFIND', '/ext/dispatch');
    expect(refusal?.status).toBe(501);
    expect(JSON.parse(refusal!.body)).toEqual({
      error: 'method_not_implemented',
      error_desc: 'PROPFIND is not a method this server answers; use GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    });
  });

  it('answers a path that does not decode with 400 (Next.js would send a bare 500)', () => {
    const refusal = refusalOf('GET', '/ext/dispatch/%ZZ');
    expect(refusal?.status).toBe(400);
    expect(JSON.parse(refusal!.body)).toMatchObject({ error: 'invalid_request' });
  });
});
