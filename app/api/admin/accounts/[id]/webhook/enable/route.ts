import { mount } from '@/lib/edge/server/mount';
import { enableWebhook } from '@/lib/webhooks/server/operations/endpoint';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [enableWebhook]);
