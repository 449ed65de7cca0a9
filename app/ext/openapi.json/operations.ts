import { accountsDocumented } from '@/lib/accounts/operations';
import { assignDriverOperation, cancelDispatchOperation, changeDestinationOperation, changeStatusOperation, createDispatchOperation, markReadyOperation, updateDropoffOperation } from '@/lib/dispatches/operations/commands';
import { getDispatchOperation, listDispatchesOperation, listDriverDispatchesOperation, statusesOperation } from '@/lib/dispatches/operations/reads';
import { createDriverOperation, recordLocationOperation, setDriverSignInOperation, updateDriverOperation } from '@/lib/drivers/operations';
import { createFleetOperation, listFleetsOperation, updateFleetOperation } from '@/lib/fleets/operations';
import { buildOpenApiDocument } from '@/lib/http/openapi/build-openapi-document';
import { TAGS } from '@/lib/http/openapi/components';
import { jsonResponse } from '@/lib/http/openapi/success-responses';
import { defineOperation, type Operation } from '@/lib/http/operation';
import { healthOperation, pingOperation } from '@/lib/http/operations/service';
import { getMediaLinkOperation } from '@/lib/media/operations';
import { estimateOperation } from '@/lib/dispatches/operations/estimate';
import { getWebhookDelivery, listWebhookDeliveries, redeliverWebhook } from '@/lib/webhooks/operations/deliveries';
import { enableWebhook, getWebhook, registerWebhookUrl, rotateSecret, sendWebhookTest } from '@/lib/webhooks/operations/endpoint';

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
