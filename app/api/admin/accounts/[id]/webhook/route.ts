import { mount } from '@/lib/http/mount';
import { getWebhook } from '@/lib/webhooks/operations/endpoint';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [getWebhook]);
