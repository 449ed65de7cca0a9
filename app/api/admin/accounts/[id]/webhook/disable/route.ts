import { mount } from '@/lib/http/mount';
import { disableWebhook } from '@/lib/webhooks/operations/endpoint';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [disableWebhook]);
