import { createHmac, randomBytes } from 'node:crypto';

// Standard Webhooks (standardwebhooks.com): `webhook-id`, `webhook-timestamp` (seconds) and
// `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed by the base64
// part of a `whsec_` secret. During a rotation's overlap the header carries one signature per
// secret, space-separated; a receiver holding either secret verifies the delivery.

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function signWebhook(options: { secret: string; id: string; timestamp: number; body: string }): string {
  const key = Buffer.from(options.secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${options.id}.${options.timestamp}.${options.body}`).digest('base64');
  return `v1,${mac}`;
}

/** An account's signing secrets: the current one, and the previous one until its overlap ends. */
export function signingSecrets(
  account: { webhookSecret: string; previousWebhookSecret: string | null; previousSecretExpiresAt: Date | null },
  now: Date = new Date(),
): string[] {
  const previousIsValid =
    account.previousWebhookSecret !== null && account.previousSecretExpiresAt !== null && account.previousSecretExpiresAt > now;
  return previousIsValid ? [account.webhookSecret, account.previousWebhookSecret!] : [account.webhookSecret];
}

/** The headers of one signed delivery attempt. */
export function webhookHeaders(options: { secrets: string[]; id: string; body: string; now?: Date }): Record<string, string> {
  const timestamp = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'Dispatch-Webhooks/1.0',
    'webhook-id': options.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': options.secrets
      .map((secret) => signWebhook({ secret, id: options.id, timestamp, body: options.body }))
      .join(' '),
  };
}
