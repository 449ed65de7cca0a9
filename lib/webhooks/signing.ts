import { createHmac, randomBytes } from 'node:crypto';

// Standard Webhooks (standardwebhooks.com): `webhook-id`, `webhook-timestamp` (seconds) and
// `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed by the base64
// part of a `whsec_` secret.

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function signWebhook(options: { secret: string; id: string; timestamp: number; body: string }): string {
  const key = Buffer.from(options.secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${options.id}.${options.timestamp}.${options.body}`).digest('base64');
  return `v1,${mac}`;
}

/** The headers of one signed delivery. */
export function webhookHeaders(options: { secret: string; id: string; body: string; now?: Date }): Record<string, string> {
  const timestamp = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'Dispatch-Webhooks/1.0',
    'webhook-id': options.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook({ secret: options.secret, id: options.id, timestamp, body: options.body }),
  };
}
