import { mount } from '@/lib/http/mount';
import { getWebhookDelivery } from '@/lib/webhooks/operations/deliveries';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [getWebhookDelivery]);
