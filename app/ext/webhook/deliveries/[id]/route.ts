import { mount } from '@/lib/edge/server/mount';
import { getWebhookDelivery } from '@/lib/webhooks/server/operations/deliveries';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('vendor', [getWebhookDelivery]);
