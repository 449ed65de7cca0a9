import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signingSecrets, webhookHeaders } from '@/lib/platform/server/signing/webhook-signing';

describe('webhook signing', () => {
  it('produces headers the standardwebhooks library verifies', () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ type: 'webhook.ping', id: 'evt_1' });
    const headers = webhookHeaders({ secrets: [secret], id: 'evt_1', body });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('fails verification for a tampered body or another secret', () => {
    const secret = generateWebhookSecret();
    const headers = webhookHeaders({ secrets: [secret], id: 'evt_2', body: '{"a":1}' });
    expect(() => new Webhook(secret).verify('{"a":2}', headers)).toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify('{"a":1}', headers)).toThrow();
  });

  it('signs with both secrets during a rotation, so a receiver holding either verifies', () => {
    const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()];
    const body = '{"type":"webhook.ping"}';
    const headers = webhookHeaders({ secrets: [current, previous], id: 'evt_3', body });
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('keeps the previous secret only until its overlap ends', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const account = { webhookSecret: 'whsec_new', previousWebhookSecret: 'whsec_old', previousSecretExpiresAt: new Date('2026-01-02T00:00:00Z') };
    expect(signingSecrets(account, now)).toEqual(['whsec_new', 'whsec_old']);
    expect(signingSecrets(account, new Date('2026-01-02T00:00:00Z'))).toEqual(['whsec_new']);
    expect(signingSecrets({ ...account, previousWebhookSecret: null, previousSecretExpiresAt: null }, now)).toEqual(['whsec_new']);
  });
});
