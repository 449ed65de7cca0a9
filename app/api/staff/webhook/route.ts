import { mount } from '@/lib/http/mount';
import { getWebhook, registerWebhookUrl, removeWebhook } from '@/lib/webhooks/operations/endpoint';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [getWebhook, registerWebhookUrl, removeWebhook]);
