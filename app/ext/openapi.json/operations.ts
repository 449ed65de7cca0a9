import { ROUTE_CONTRACTS } from '@/app/ext/openapi.json/contracts';
import {
  cancelDispatchOperation,
  changeDestinationOperation,
  createDispatchOperation,
  markReadyOperation,
  updateDropoffOperation,
  assignDriverOperation,
  changeStatusOperation,
} from '@/lib/dispatches/operations/commands';
import { getDispatchOperation, listDispatchesOperation, listDriverDispatchesOperation, statusesOperation } from '@/lib/dispatches/operations/reads';
import type { ApiDeclarations } from '@/lib/http/openapi/build-openapi-document';
import { healthOperation, pingOperation } from '@/lib/http/service-operations';
import { getMediaLinkOperation } from '@/lib/media/operations';
import { estimateOperation } from '@/lib/quotes/operations';
import { getWebhookDelivery, listWebhookDeliveries, redeliverWebhook } from '@/lib/webhooks/operations/deliveries';
import { enableWebhook, getWebhook, registerWebhookUrl, rotateSecret, sendWebhookTest } from '@/lib/webhooks/operations/endpoint';

// Every documented operation (lib/http/operation.ts), in the order the document lists them. Next
// has no runtime glob, so this list is written out; operations.test.ts fails when a route file
// mounts a documented operation that is not here.

export const API_DECLARATIONS: ApiDeclarations = {
  operations: [
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
    healthOperation,
    pingOperation,
    assignDriverOperation,
    changeStatusOperation,
  ],
  contracts: ROUTE_CONTRACTS,
};
