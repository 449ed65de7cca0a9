import { mount } from '@/lib/edge/server/mount';
import { getWebhook, registerWebhookUrl, removeWebhook } from '@/lib/webhooks/server/operations/endpoint';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [getWebhook, registerWebhookUrl, removeWebhook]);
