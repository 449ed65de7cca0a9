import { mount } from '@/lib/http/operation';
import { rotateSecret } from '@/lib/webhooks/operations/endpoint';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [rotateSecret]);
