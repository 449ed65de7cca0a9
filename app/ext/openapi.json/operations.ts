import { ROUTE_CONTRACTS } from '@/app/ext/openapi.json/contracts';
import type { ApiDeclarations } from '@/lib/http/openapi/build-openapi-document';
import { getWebhookDelivery, listWebhookDeliveries, redeliverWebhook } from '@/lib/webhooks/operations/deliveries';
import { enableWebhook, getWebhook, registerWebhookUrl, rotateSecret, sendWebhookTest } from '@/lib/webhooks/operations/endpoint';

// Every documented operation (lib/http/operation.ts), in the order the document lists them. Next
// has no runtime glob, so this list is written out; operations.test.ts fails when a route file
// mounts a documented operation that is not here.

export const API_DECLARATIONS: ApiDeclarations = {
  operations: [getWebhook, registerWebhookUrl, enableWebhook, sendWebhookTest, rotateSecret, listWebhookDeliveries, getWebhookDelivery, redeliverWebhook],
  contracts: ROUTE_CONTRACTS,
};
