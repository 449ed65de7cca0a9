import { mount } from '@/lib/edge/server/mount';
import { rotateSecret } from '@/lib/webhooks/server/operations/endpoint';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('vendor', [rotateSecret]);
