import { mount } from '@/lib/http/mount';
import { revealSecret } from '@/lib/webhooks/operations/endpoint';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [revealSecret]);
