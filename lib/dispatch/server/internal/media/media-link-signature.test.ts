import { describe, expect, it } from 'vitest';
import { isMediaLinkValid, MEDIA_LINK_TTL_S, signMediaLink } from '@/lib/dispatch/server/internal/media/media-link-signature';

const NOW = new Date('2026-11-25T00:00:00Z');
const MEDIA = { id: 'med_4f9Xk2bQ7mN1pR8sT3vW5y', accountId: 'acc_7Hq2Lm9XzPb4Nc8Rk3WvTa', secret: 'acc_7Hq2/med_4f9X-0123456789abcdefghijkl.jpg' };

function linkOf(now = NOW) {
  const query = new URLSearchParams(signMediaLink({ ...MEDIA, now }));
  return { expires: query.get('expires'), signature: query.get('signature') };
}

describe('signed media links', () => {
  it('are valid for their medium and account until they expire', () => {
    const link = linkOf();
    expect(Number(link.expires)).toBe(NOW.getTime() / 1000 + MEDIA_LINK_TTL_S);
    expect(isMediaLinkValid({ ...MEDIA, ...link, now: NOW })).toBe(true);
    expect(isMediaLinkValid({ ...MEDIA, ...link, now: new Date(NOW.getTime() + (MEDIA_LINK_TTL_S - 1) * 1000) })).toBe(true);
    expect(isMediaLinkValid({ ...MEDIA, ...link, now: new Date(NOW.getTime() + MEDIA_LINK_TTL_S * 1000) })).toBe(false);
  });

  it('prove nothing for another medium, account or secret', () => {
    const link = linkOf();
    expect(isMediaLinkValid({ ...MEDIA, ...link, id: 'med_0000000000000000000000', now: NOW })).toBe(false);
    expect(isMediaLinkValid({ ...MEDIA, ...link, accountId: 'acc_other', now: NOW })).toBe(false);
    expect(isMediaLinkValid({ ...MEDIA, ...link, secret: `${MEDIA.secret}x`, now: NOW })).toBe(false);
  });

  it('refuse a moved expiry, a changed signature and malformed values', () => {
    const link = linkOf();
    const later = String(Number(link.expires) + 60);
    expect(isMediaLinkValid({ ...MEDIA, ...link, expires: later, now: NOW })).toBe(false);
    const flipped = `${link.signature!.slice(0, -1)}${link.signature!.endsWith('A') ? 'B' : 'A'}`;
    expect(isMediaLinkValid({ ...MEDIA, ...link, signature: flipped, now: NOW })).toBe(false);
    for (const bad of [
      { expires: null, signature: link.signature },
      { expires: link.expires, signature: null },
      { expires: `${link.expires}.5`, signature: link.signature },
      { expires: '-1', signature: link.signature },
      { expires: link.expires, signature: `${link.signature}=` },
    ]) {
      expect(isMediaLinkValid({ ...MEDIA, ...bad, now: NOW })).toBe(false);
    }
  });

  it('refuse an expiry further away than a link is ever made for, even correctly signed', () => {
    const future = linkOf(new Date(NOW.getTime() + 3_600_000));
    expect(isMediaLinkValid({ ...MEDIA, ...future, now: NOW })).toBe(false);
  });
});
