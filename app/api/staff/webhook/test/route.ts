import { mount } from '@/lib/http/mount';
import { sendWebhookTest } from '@/lib/webhooks/operations/endpoint';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [sendWebhookTest]);
