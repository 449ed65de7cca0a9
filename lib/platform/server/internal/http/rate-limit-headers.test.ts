import { describe, expect, it } from 'vitest';
import { rateLimitField, rateLimitHeaders, rateLimitPolicyField } from '@/lib/platform/server/internal/http/rate-limit-headers';

// The fields are Structured Fields lists (RFC 9651) in the syntax of
// draft-ietf-httpapi-ratelimit-headers-10: a quoted policy name, then integer parameters.
const SF_ITEM = /^"[a-z]+"(;[a-z]+=\d+)+$/;

describe('rate-limit fields', () => {
  it('RateLimit-Policy states the bucket: quota q, window w in which it refills completely', () => {
    expect(rateLimitPolicyField({ perSecond: 20, burst: 40 })).toBe('"default";q=40;w=2');
    expect(rateLimitPolicyField({ perSecond: 3, burst: 10 })).toBe('"default";q=10;w=4');
    // A bucket that refills within a second still has a window of whole seconds.
    expect(rateLimitPolicyField({ perSecond: 100, burst: 10 })).toBe('"default";q=10;w=1');
  });

  it('RateLimit states whole requests left and the seconds until the quota is whole again', () => {
    expect(rateLimitField({ perSecond: 20, burst: 40 }, { admitted: true, tokens: 39 })).toBe('"default";r=39;t=1');
    expect(rateLimitField({ perSecond: 20, burst: 40 }, { admitted: true, tokens: 0.4 })).toBe('"default";r=0;t=2');
    expect(rateLimitField({ perSecond: 1, burst: 3 }, { admitted: false, tokens: 0.5 })).toBe('"default";r=0;t=3');
  });

  it('both are valid Structured Field items, under their lower-case names', () => {
    const headers = rateLimitHeaders({ perSecond: 7, burst: 9 }, { admitted: true, tokens: 8.7 });
    expect(Object.keys(headers).sort()).toEqual(['ratelimit', 'ratelimit-policy']);
    for (const value of Object.values(headers)) expect(value).toMatch(SF_ITEM);
  });
});
