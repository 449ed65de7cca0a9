import { describe, expect, it } from 'vitest';
import { isSentUncompressed } from '@/lib/platform/server/http/compression';

describe('isSentUncompressed', () => {
  it('sends the API writes as they are', () => {
    expect(isSentUncompressed('POST', '/ext/estimate')).toBe(true);
    expect(isSentUncompressed('PATCH', '/ext/dispatch/dsp_1/destination')).toBe(true);
    expect(isSentUncompressed('POST', '/api/driver/positions')).toBe(true);
    expect(isSentUncompressed('DELETE', '/api/webhook')).toBe(true);
  });

  it('still compresses reads, pages and assets', () => {
    expect(isSentUncompressed('GET', '/ext/dispatches?limit=50')).toBe(false);
    expect(isSentUncompressed('GET', '/api/dispatches/export.csv')).toBe(false);
    expect(isSentUncompressed('POST', '/')).toBe(false);
    expect(isSentUncompressed('GET', '/_next/static/chunks/app.js')).toBe(false);
    expect(isSentUncompressed('POST', '/extension')).toBe(false);
  });
});
