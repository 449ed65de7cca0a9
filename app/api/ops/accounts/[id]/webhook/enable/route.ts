import { mount } from '@/lib/http/mount';
import { enableWebhook } from '@/lib/webhooks/operations/endpoint';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [enableWebhook]);
