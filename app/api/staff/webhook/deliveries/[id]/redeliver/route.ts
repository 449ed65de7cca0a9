import { mount } from '@/lib/http/mount';
import { redeliverWebhook } from '@/lib/webhooks/operations/deliveries';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [redeliverWebhook]);
