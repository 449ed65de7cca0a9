import { mount } from '@/lib/http/operation';
import { listWebhookDeliveries } from '@/lib/webhooks/operations/deliveries';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [listWebhookDeliveries]);
