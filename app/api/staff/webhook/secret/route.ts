import { mount } from '@/lib/edge/server/mount';
import { revealSecret } from '@/lib/webhooks/server/operations/endpoint';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [revealSecret]);
