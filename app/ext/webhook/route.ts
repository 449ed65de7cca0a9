import { mount } from '@/lib/edge/server/mount';
import { getWebhook, registerWebhookUrl } from '@/lib/webhooks/server/operations/endpoint';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('vendor', [getWebhook, registerWebhookUrl]);
