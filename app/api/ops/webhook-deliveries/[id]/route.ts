import { mount } from '@/lib/http/operation';
import { getWebhookDelivery } from '@/lib/webhooks/operations/deliveries';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [getWebhookDelivery]);
