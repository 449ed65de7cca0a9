import { mount } from '@/lib/http/mount';
import { getWebhook, registerWebhookUrl } from '@/lib/webhooks/operations/endpoint';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('vendor', [getWebhook, registerWebhookUrl]);
