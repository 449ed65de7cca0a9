import { TAGS } from '@/lib/http/openapi/components';
import type { RouteContract } from '@/lib/http/openapi/route-contract';
import { jsonResponse } from '@/lib/http/openapi/success-responses';
import { RotatedSecretResponseSchema } from '@/lib/webhooks/schemas';

export const ROUTE_CONTRACT: RouteContract = {
  path: '/ext/webhook/secret/rotate',
  operations: {
    post: {
      audience: 'vendor',
      tag: TAGS.webhooks,
      operationId: 'rotateWebhookSecret',
      summary: 'Rotate the signing secret',
      description: [
        'Replaces your account’s `whsec_…` webhook secret and returns the new one; it is shown only in this response.',
        'Until `previous_secret_expires_at` every delivery is signed with both secrets (two signatures in `webhook-signature`), so your receiver can switch to the new secret without rejecting anything. Rotating again within that time drops the oldest secret at once.',
        'To retry safely after a timeout, send an `Idempotency-Key`: a retry then returns the same secret instead of rotating again.',
      ].join('\n\n'),
      idempotent: true,
      responses: { '200': jsonResponse('The new secret.', RotatedSecretResponseSchema) },
    },
  },
};
