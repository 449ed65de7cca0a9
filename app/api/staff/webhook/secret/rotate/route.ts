import { mount } from '@/lib/http/mount';
import { rotateSecret } from '@/lib/webhooks/operations/endpoint';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [rotateSecret]);
