import { mount } from '@/lib/http/operation';
import { getWebhook } from '@/lib/webhooks/operations/endpoint';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [getWebhook]);
