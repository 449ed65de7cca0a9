import { mount } from '@/lib/http/operation';
import { disableWebhook } from '@/lib/webhooks/operations/endpoint';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [disableWebhook]);
