import { assertAccountExists } from '@/lib/accounts/server/assert-account-exists';
import { TAGS } from '@/lib/platform/server/http/openapi/components';
import { formatDuration } from '@/lib/platform/server/http/openapi/format';
import { jsonResponse, noContent } from '@/lib/platform/server/http/openapi/success-responses';
import { defineOperation, targetAccountId } from '@/lib/platform/server/http/operation';
import { dataReply } from '@/lib/platform/server/http/reply';
import { CHECKS_PER_ACCOUNT, CHECKS_PER_PROCESS } from '@/lib/webhooks/server/internal/check-slots';
import { disableWebhookEndpoint } from '@/lib/webhooks/server/internal/disable-webhook-endpoint';
import { enableWebhookEndpoint } from '@/lib/webhooks/server/internal/enable-webhook-endpoint';
import { findWebhookEndpoint } from '@/lib/webhooks/server/internal/find-webhook-endpoint';
import { noWebhookEndpoint } from '@/lib/webhooks/server/internal/get-webhook-endpoint';
import { getWebhookSecret } from '@/lib/webhooks/server/internal/get-webhook-secret';
import { PING_TIMEOUT_MS, registerWebhook } from '@/lib/webhooks/server/register-webhook';
import { removeWebhookEndpoint } from '@/lib/webhooks/server/internal/remove-webhook-endpoint';
import { rotateWebhookSecret } from '@/lib/webhooks/server/internal/rotate-webhook-secret';
import { sendTestEvent } from '@/lib/webhooks/server/internal/send-test-event';
import { QUEUES_DELIVERY } from '@/lib/webhooks/server/operations/deliveries';
import { DisableWebhookBodySchema, RegisterWebhookBodySchema, RotatedSecretResponseSchema, WebhookEndpointResponseSchema } from '@/lib/webhooks/shared/schemas';

// An account's webhook endpoint: the operations of the vendor API, the dashboard's settings and
// the console's account page (lib/platform/server/http/operation.ts).

/** An operation on the registered endpoint: without one, the 404 the document explains. */
const NEEDS_ENDPOINT = { errors: ['not_found'], errorNotes: { not_found: 'No webhook is registered yet' } } as const;

/**
 * The endpoint and its health. None registered is the vendor API's documented 404; the
 * dashboard and the console read it as an answer (`data: null`), since "no webhook yet" is a
 * state of the settings page, not an error the browser should log.
 */
export const getWebhook = defineOperation<{ id?: string }>()({
  method: 'GET',
  mounts: { vendor: '/ext/webhook', staff: '/api/staff/webhook', admin: '/api/admin/accounts/{id}/webhook' },
  responses: { '200': jsonResponse('The endpoint.', WebhookEndpointResponseSchema) },
  ...NEEDS_ENDPOINT,
  docs: {
    vendor: {
      tag: TAGS.webhooks,
      operationId: 'getWebhook',
      summary: 'Get the webhook endpoint',
      description:
        'Your registered URL and its health: whether it is `disabled` and why, when the last delivery succeeded and failed, and how many deliveries are pending.',
    },
  },
  run: async (context) => {
    const accountId = targetAccountId(context);
    if (context.audience === 'admin') await assertAccountExists({ accountId });
    const endpoint = await findWebhookEndpoint({ accountId });
    if (!endpoint && context.audience === 'vendor') throw noWebhookEndpoint();
    return dataReply(endpoint);
  },
});

export const registerWebhookUrl = defineOperation()({
  method: 'POST',
  mounts: { vendor: '/ext/webhook', staff: '/api/staff/webhook' },
  body: { schema: RegisterWebhookBodySchema, description: 'The URL to register.' },
  idempotent: true,
  options: { callsOut: true },
  responses: { '204': noContent('Registered.') },
  errors: ['webhook_unreachable', 'too_many_requests'],
  errorNotes: {
    invalid_request: '`webhook` is not an http(s) URL of at most 2048 characters, or the `Idempotency-Key` header is invalid',
    webhook_unreachable:
      'The ping failed: no answer within the timeout, a status other than 200, a redirect, or a private/loopback address; `error_desc` says which',
    too_many_requests: `${CHECKS_PER_ACCOUNT} registrations of your account are already being checked: nothing was sent or written; retry after \`retry-after\` seconds`,
    service_unavailable:
      'The database is unreachable for a moment, or the server is checking as many registrations as it runs at once: nothing was sent or written; retry after `retry-after` seconds',
  },
  docs: {
    vendor: {
      tag: TAGS.webhooks,
      operationId: 'registerWebhook',
      summary: 'Register the webhook URL',
      description: [
        `Sends the URL a signed \`webhook.ping\` (see **Webhooks**) and registers it only if it answers HTTP 200 within ${formatDuration(PING_TIMEOUT_MS)}.`,
        'The URL replaces your account’s previous one.',
        `At most ${CHECKS_PER_ACCOUNT} registrations of one account are checked at once (and ${CHECKS_PER_PROCESS} in all per server process); one more is refused at once, with \`retry-after\`, before anything is sent or written.`,
      ].join('\n\n'),
    },
  },
  run: async ({ caller, input, request }) => {
    await registerWebhook({ accountId: caller.accountId, url: input.webhook, signal: request.signal });
    return { status: 204 };
  },
});

/** Remove the webhook: nothing more is sent; what was pending is closed as failed, with the reason. */
export const removeWebhook = defineOperation()({
  method: 'DELETE',
  mounts: { staff: '/api/staff/webhook' },
  run: async ({ caller }) => {
    await removeWebhookEndpoint({ accountId: caller.accountId, by: caller.user.name });
    return { status: 204 };
  },
});

export const enableWebhook = defineOperation<{ id?: string }>()({
  method: 'POST',
  mounts: {
    vendor: '/ext/webhook/enable',
    staff: '/api/staff/webhook/enable',
    admin: '/api/admin/accounts/{id}/webhook/enable',
    ops: '/api/ops/accounts/{id}/webhook/enable',
  },
  idempotent: true,
  responses: { '200': jsonResponse('The endpoint, `active` again.', WebhookEndpointResponseSchema) },
  ...NEEDS_ENDPOINT,
  docs: {
    vendor: {
      tag: TAGS.webhooks,
      operationId: 'enableWebhook',
      summary: 'Enable the webhook endpoint again',
      description: [
        'Enables the endpoint after it was disabled for failing continuously (see **Webhooks**), and replays every pending delivery now, with a fresh series of attempts, in order per dispatch.',
        'Fix the receiver first: if it still fails, it is disabled again after the same period. On an endpoint that is not disabled, pending deliveries are tried now.',
      ].join('\n\n'),
    },
    ops: {
      operationId: 'opsEnableWebhook',
      pathId: 'account',
      summary: 'Enable an account’s webhook endpoint again',
      description:
        'Same as the vendor’s `POST /ext/webhook/enable` for any account: enables its disabled endpoint and replays every pending delivery now with a fresh series of attempts.',
      errorNotes: { not_found: 'No such account, or the account has no webhook registered' },
    },
  },
  run: async (context) => dataReply(await enableWebhookEndpoint({ accountId: targetAccountId(context) })),
});

/** Pause an account's endpoint from the console: deliveries wait until it is enabled. */
export const disableWebhook = defineOperation<{ id: string }>()({
  method: 'POST',
  mounts: { admin: '/api/admin/accounts/{id}/webhook/disable' },
  body: { schema: DisableWebhookBodySchema, description: 'Why the endpoint is paused.' },
  run: async ({ params, input, caller }) =>
    dataReply(await disableWebhookEndpoint({ accountId: params.id, reason: input.reason, by: caller.user.email ?? caller.user.name })),
});

export const sendWebhookTest = defineOperation()({
  method: 'POST',
  mounts: { vendor: '/ext/webhook/test', staff: '/api/staff/webhook/test' },
  ...QUEUES_DELIVERY,
  errorNotes: { invalid_state: 'No webhook is registered yet: register one with `POST /ext/webhook`' },
  docs: {
    vendor: {
      tag: TAGS.webhooks,
      operationId: 'sendWebhookTestEvent',
      summary: 'Send a test event',
      description:
        'Queues a signed `webhook.ping` to your registered URL, delivered, retried and recorded like any event (it is not held behind any dispatch’s events). Follow it with `GET /ext/webhook/deliveries/{id}`.',
    },
  },
  run: async ({ caller }) => dataReply(await sendTestEvent({ accountId: caller.accountId }), 202),
});

export const rotateSecret = defineOperation()({
  method: 'POST',
  mounts: { vendor: '/ext/webhook/secret/rotate', staff: '/api/staff/webhook/secret/rotate' },
  idempotent: true,
  responses: { '200': jsonResponse('The new secret.', RotatedSecretResponseSchema) },
  docs: {
    vendor: {
      tag: TAGS.webhooks,
      operationId: 'rotateWebhookSecret',
      summary: 'Rotate the signing secret',
      description: [
        'Replaces your account’s `whsec_…` webhook secret and returns the new one; it is shown only in this response.',
        'Until `previous_secret_expires_at` every delivery is signed with both secrets (two signatures in `webhook-signature`), so your receiver can switch to the new secret without rejecting anything. Rotating again within that time drops the oldest secret at once.',
        'To retry safely after a timeout, send an `Idempotency-Key`: a retry then returns the same secret instead of rotating again.',
      ].join('\n\n'),
    },
  },
  run: async ({ caller }) => dataReply(await rotateWebhookSecret({ accountId: caller.accountId })),
});

/** Reveal the signing secret on the settings page (a deliberate read; never cached, as every API answer). */
export const revealSecret = defineOperation()({
  method: 'GET',
  mounts: { staff: '/api/staff/webhook/secret' },
  run: async ({ caller }) => dataReply(await getWebhookSecret({ accountId: caller.accountId })),
});
