import { mount } from '@/lib/edge/server/mount';
import { getWebhook } from '@/lib/webhooks/server/operations/endpoint';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [getWebhook]);
