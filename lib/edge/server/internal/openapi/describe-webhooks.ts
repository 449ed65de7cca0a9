import { getEnv } from '@/lib/platform/server/env';
import { formatApproxDuration, formatDuration } from '@/lib/platform/server/http/openapi/format';
import { PING_TIMEOUT_MS } from '@/lib/webhooks/server/register-webhook';
import { retryDelayMs } from '@/lib/webhooks/server/retry-schedule';
import { WEBHOOK_EVENT_TYPES } from '@/lib/webhooks/shared/schemas';

/** What each event means, for the Webhooks section. Record<type>: a new event type cannot go undocumented. */
const EVENT_DOCS: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  'dispatch.status_updated': 'a status was recorded (also the dispatch’s creation, as `new`)',
  'dispatch.driver_assigned': 'a driver was assigned or reassigned; `payload.driver` is that driver',
  'dispatch.destination_updated': 'the destination changed; `payload.pricing` holds the new price and, in `previous`, the one before',
  'dispatch.details_updated': 'the drop-off details (`dropoff_instructions`, `contactless`, `tip`) changed (PATCH /ext/dispatch/{id})',
  'dispatch.eta_updated':
    'the assigned driver’s position moved the ETA to their next stop by more than `ETA_UPDATE_THRESHOLD_MIN` minutes (default 2), or gave the first ETA after an assignment; `payload.eta` is `{ "stop": "pickup" | "destination", "minutes": n, "at": ISO 8601 }`',
  'webhook.ping': 'the registration check and `POST /ext/webhook/test`; `payload` is `{ "message": "…" }`, `sequence` is `null`',
};

/** The total span of a delivery's retries, without jitter: base · (2^(attempts−1) − 1). */
function retrySpanMs(maxAttempts: number, retryBaseMs: number): number {
  let total = 0;
  for (let retry = 1; retry < maxAttempts; retry++) total += retryDelayMs(retry, retryBaseMs, () => 0.5);
  return total;
}

/**
 * Registration, the events, signing and the delivery rules. The numbers are this server's
 * configuration (lib/platform/server/env.ts), so the document states what the running service does.
 */
export function describeWebhooks(): string {
  const env = getEnv();
  const events = WEBHOOK_EVENT_TYPES.map((type) => `  - \`${type}\`: ${EVENT_DOCS[type]}`);
  const retries =
    env.WEBHOOK_MAX_ATTEMPTS > 1
      ? `A failed attempt is retried with exponential back-off: the first retry after ${formatDuration(env.WEBHOOK_RETRY_BASE_MS)} (\`WEBHOOK_RETRY_BASE_MS\`), each further one twice as long, ±10 % jitter. After ${env.WEBHOOK_MAX_ATTEMPTS} attempts (\`WEBHOOK_MAX_ATTEMPTS\`, ≈ ${formatApproxDuration(retrySpanMs(env.WEBHOOK_MAX_ATTEMPTS, env.WEBHOOK_RETRY_BASE_MS))} after the first) the delivery is \`failed\`.`
      : 'A failed attempt is not retried (`WEBHOOK_MAX_ATTEMPTS` is 1): the delivery is `failed`.';
  return [
    '`POST /ext/webhook` registers one URL per account; a new registration replaces the previous URL and takes over its pending deliveries.',
    'Before registering, the service sends the URL a signed ping following [Standard Webhooks](https://www.standardwebhooks.com/):',
    '',
    '- `POST` with a JSON body `{ "type": "webhook.ping", "id": "evt_…", "timestamp": "<ISO 8601>", "sequence": null, "payload": { "message": "…" } }`',
    '- headers `webhook-id` (the body’s `id`), `webhook-timestamp` (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed by the base64 part of your account’s `whsec_…` webhook secret; any Standard Webhooks library verifies it.',
    `- The URL must answer **HTTP 200** (not another 2xx) within ${formatDuration(PING_TIMEOUT_MS)}; redirects are not followed. Anything else is \`400 webhook_unreachable\` with the reason.`,
    '- URLs resolving to private, loopback, link-local or otherwise non-public addresses are refused, unless the server runs with `WEBHOOK_ALLOW_PRIVATE_URLS=true` (development).',
    '',
    '### Events',
    'While a URL is registered, every change to a dispatch of your account is `POST`ed to it with the JSON body `{ "type", "id", "timestamp", "sequence", "payload" }` (changes made before the first registration are not sent):',
    '',
    '- `type`:',
    ...events,
    '- `id`: the event id (`evt_…`), also sent as the `webhook-id` header; the same on every attempt of the event.',
    '- `timestamp`: when the event happened, ISO 8601 in UTC (`2024-03-22T14:05:09.123Z`; unlike the API’s own timestamps).',
    '- `sequence`: the event’s number within its dispatch (1, 2, 3, …); higher is newer.',
    '- `payload`: the dispatch as `GET /ext/dispatch/{id}` returned it at that moment, plus `fleet_id` of the assigned driver.',
    '',
    `Each attempt is signed like the ping: \`webhook-id\`, \`webhook-timestamp\` and \`webhook-signature\`. After \`POST /ext/webhook/secret/rotate\`, for ${formatDuration(env.WEBHOOK_SECRET_OVERLAP_MS)} \`webhook-signature\` carries two space-separated signatures (\`v1,<new> v1,<old>\`): a receiver holding either secret verifies it, so it can switch without a gap.`,
    '',
    '### Delivery',
    '- **At least once**: an event can arrive more than once (an answer lost on the way, a redelivery). Deduplicate by `webhook-id`.',
    `- Any **2xx** within ${formatDuration(env.WEBHOOK_TIMEOUT_MS)} (\`WEBHOOK_TIMEOUT_MS\`) is a success. Any other status, no answer in time, a connection error or a redirect (not followed) is a failed attempt.`,
    `- ${retries} \`POST /ext/webhook/deliveries/{id}/redeliver\` starts a new series.`,
    '- **Order per dispatch**: an event is not sent while an earlier event of the same dispatch is still pending; other dispatches do not wait. Once an event has `failed`, later ones go ahead, so a redelivered event can arrive after newer ones: compare `sequence`.',
    `- **Disabling**: an endpoint with no successful delivery for ${formatDuration(env.WEBHOOK_DISABLE_AFTER_MS)} while its attempts fail (\`WEBHOOK_DISABLE_AFTER_MS\`) is disabled; \`GET /ext/webhook\` shows \`status: disabled\` and the \`disabled_reason\`. Nothing is sent while it is disabled: its deliveries wait as \`pending\`, and \`POST /ext/webhook/enable\` (or registering the URL again) replays them all with a fresh series of attempts.`,
    '- The target address is checked again on every attempt, not only at registration: private and loopback addresses are refused there too (unless `WEBHOOK_ALLOW_PRIVATE_URLS`).',
    '- `GET /ext/webhook/deliveries` shows every delivery with its attempts (status code, latency, the start of the response); `POST /ext/webhook/test` sends a `webhook.ping` through the same pipeline.',
  ].join('\n');
}
