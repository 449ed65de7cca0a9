import { mount } from '@/lib/http/operation';
import { revealSecret } from '@/lib/webhooks/operations/endpoint';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [revealSecret]);
