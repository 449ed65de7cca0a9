import { accountsDocumented } from '@/lib/accounts/server/operations';
import { assignDriverOperation, cancelDispatchOperation, changeDestinationOperation, changeStatusOperation, createDispatchOperation, markReadyOperation, updateDropoffOperation } from '@/lib/dispatch/server/operations/commands';
import { getDispatchOperation, listDispatchesOperation, listDriverDispatchesOperation, statusesOperation } from '@/lib/dispatch/server/operations/reads';
import { createDriverOperation, recordLocationOperation, setDriverSignInOperation, updateDriverOperation } from '@/lib/fleet/server/drivers/operations';
import { createFleetOperation, listFleetsOperation, updateFleetOperation } from '@/lib/fleet/server/fleets/operations';
import { buildOpenApiDocument } from '@/lib/edge/server/openapi/build-openapi-document';
import { TAGS } from '@/lib/platform/server/http/openapi/components';
import { jsonResponse } from '@/lib/platform/server/http/openapi/success-responses';
import { defineOperation, type Operation } from '@/lib/platform/server/http/operation';
import { healthOperation, pingOperation } from '@/lib/platform/server/http/operations/service';
import { getMediaLinkOperation } from '@/lib/dispatch/server/media/operations';
import { estimateOperation } from '@/lib/dispatch/server/operations/estimate';
import { getWebhookDelivery, listWebhookDeliveries, redeliverWebhook } from '@/lib/webhooks/server/operations/deliveries';
import { enableWebhook, getWebhook, registerWebhookUrl, rotateSecret, sendWebhookTest } from '@/lib/webhooks/server/operations/endpoint';

// The documented API: every operation the OpenAPI document describes, in the order it lists them,
// and the operation that serves the document. Next has no runtime glob, so the list is written
// out; operations.test.ts fails when a route file mounts a documented operation not listed here.

/** The OpenAPI 3.1 document of the whole API, generated from the operations' declarations. */
export const openApiDocumentOperation = defineOperation()({
  method: 'GET',
  mounts: { public: '/ext/openapi.json' },
  responses: { '200': jsonResponse('The document.', { type: 'object', description: 'This OpenAPI 3.1 document' }) },
  errors: ['internal_error'],
  docs: {
    public: {
      tag: TAGS.service,
      operationId: 'getOpenApiDocument',
      summary: 'This OpenAPI document',
      description: 'The OpenAPI 3.1 description of this API, generated from the server’s schemas. No API key needed. Rendered at `/docs`.',
    },
  },
  run: async () => ({ status: 200, body: buildOpenApiDocument(DOCUMENTED_OPERATIONS) }),
});

export const DOCUMENTED_OPERATIONS: readonly Operation[] = [
  createDispatchOperation,
  getDispatchOperation,
  updateDropoffOperation,
  changeDestinationOperation,
  cancelDispatchOperation,
  markReadyOperation,
  listDispatchesOperation,
  listDriverDispatchesOperation,
  estimateOperation,
  getWebhook,
  registerWebhookUrl,
  enableWebhook,
  sendWebhookTest,
  rotateSecret,
  listWebhookDeliveries,
  getWebhookDelivery,
  redeliverWebhook,
  getMediaLinkOperation,
  statusesOperation,
  openApiDocumentOperation,
  healthOperation,
  pingOperation,
  ...accountsDocumented,
  createDriverOperation,
  updateDriverOperation,
  setDriverSignInOperation,
  recordLocationOperation,
  assignDriverOperation,
  changeStatusOperation,
  listFleetsOperation,
  createFleetOperation,
  updateFleetOperation,
];
