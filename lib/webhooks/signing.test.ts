import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, webhookHeaders } from '@/lib/webhooks/signing';

describe('webhook signing', () => {
  it('produces headers the standardwebhooks library verifies', () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ type: 'webhook.ping', id: 'evt_1' });
    const headers = webhookHeaders({ secret, id: 'evt_1', body });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('fails verification for a tampered body or another secret', () => {
    const secret = generateWebhookSecret();
    const headers = webhookHeaders({ secret, id: 'evt_2', body: '{"a":1}' });
    expect(() => new Webhook(secret).verify('{"a":2}', headers)).toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify('{"a":1}', headers)).toThrow();
  });
});
