import { describe, expect, it } from 'vitest';
import { isDecodablePath } from '@/lib/http/request-target';

describe('isDecodablePath', () => {
  it.each(['/ext/dispatch/dsp_1', '/ext/dispatch/a%20b', '/t/%D8%A8', '/ext/dispatches?vendor_oid=%ZZ', '/'])('accepts %s', (target) => {
    expect(isDecodablePath(target)).toBe(true);
  });

  it.each(['/ext/dispatch/%ZZ', '/ext/dispatch/%ED%A0%80', '/ext/dispatch/%C3', '/ext/dispatch/%'])('refuses %s', (target) => {
    expect(isDecodablePath(target)).toBe(false);
  });
});
