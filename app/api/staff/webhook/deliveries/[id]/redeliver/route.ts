import { mount } from '@/lib/edge/server/mount';
import { redeliverWebhook } from '@/lib/webhooks/server/operations/deliveries';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [redeliverWebhook]);
