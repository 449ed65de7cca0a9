import { mount } from '@/lib/http/operation';
import { redeliverWebhook } from '@/lib/webhooks/operations/deliveries';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [redeliverWebhook]);
