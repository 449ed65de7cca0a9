import { describe, expect, it } from 'vitest';
import { QUOTE_ID_MAX_LENGTH } from '@/lib/pricing/shared/quotes/quote-rules';
import { signQuote, verifyQuote, type QuoteClaims } from '@/lib/pricing/server/internal/quotes/quote-token';

const KEY = { kid: 'db', secret: 's'.repeat(43) };
const CLAIMS: QuoteClaims = {
  accountId: 'acc_mi9x2k3f0000a1b2c3d4e7',
  expiresAt: new Date('2026-11-27T12:10:00.123Z'),
  pickup: { lat: 24.7136, lng: 46.6753 },
  destination: { lat: -33.8688123, lng: -179.9999999 },
  price: { deliveryMinor: 1875, vatMinor: 281 },
  currency: 'SAR',
};

describe('quote tokens', () => {
  it('carry their claims: points to 1e-7 degrees, the rest exactly', () => {
    const token = signQuote(CLAIMS, KEY);
    expect(token).toMatch(/^quo_[\w-]+$/);
    const claims = verifyQuote(token, [KEY])!;
    expect(claims).toMatchObject({ accountId: CLAIMS.accountId, expiresAt: CLAIMS.expiresAt, price: CLAIMS.price, currency: 'SAR' });
    for (const field of ['pickup', 'destination'] as const) {
      expect(claims[field].lat).toBeCloseTo(CLAIMS[field].lat, 7);
      expect(claims[field].lng).toBeCloseTo(CLAIMS[field].lng, 7);
    }
  });

  it('fit QUOTE_ID_MAX_LENGTH with the longest key id, and large prices', () => {
    const token = signQuote({ ...CLAIMS, price: { deliveryMinor: 2 ** 40, vatMinor: 2 ** 39 } }, { kid: 'k'.repeat(32), secret: KEY.secret });
    expect(token.length).toBeLessThanOrEqual(QUOTE_ID_MAX_LENGTH);
    expect(verifyQuote(token, [{ kid: 'k'.repeat(32), secret: KEY.secret }])!.price).toEqual({ deliveryMinor: 2 ** 40, vatMinor: 2 ** 39 });
    expect(signQuote(CLAIMS, KEY).length).toBeLessThanOrEqual(150);
  });

  it('verify under any listed key by its id, and under no other', () => {
    const token = signQuote(CLAIMS, KEY);
    expect(verifyQuote(token, [{ kid: 'new', secret: 'n'.repeat(40) }, KEY])).not.toBeNull();
    expect(verifyQuote(token, [{ kid: 'new', secret: 'n'.repeat(40) }])).toBeNull();
    expect(verifyQuote(token, [{ kid: 'db', secret: 'x'.repeat(43) }])).toBeNull();
  });

  it('are refused when any byte changes, or when malformed', () => {
    const token = signQuote(CLAIMS, KEY);
    const bytes = Buffer.from(token.slice(4), 'base64url');
    for (let at = 0; at < bytes.length; at++) {
      const changed = Buffer.from(bytes);
      changed[at]! ^= 0x80;
      expect(verifyQuote(`quo_${changed.toString('base64url')}`, [KEY])).toBeNull();
    }
    // A non-canonical last character decodes to the same bytes: still not ours.
    const last = token.at(-1)!;
    const sibling = token.slice(0, -1) + (last === 'A' ? 'B' : 'A');
    expect(verifyQuote(sibling, [KEY])).toBeNull();
    for (const bad of ['', 'quo_', 'quo_AQ', 'quo_mi9x2k3f0000a1b2c3d4e', `${token}=`, ` ${token}`, token.slice(0, -1), `qte_${token.slice(4)}`, 'quo_////']) {
      expect(verifyQuote(bad, [KEY])).toBeNull();
    }
  });
});
