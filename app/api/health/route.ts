import { mount } from '@/lib/edge/server/mount';
import { healthOperation } from '@/lib/platform/server/http/operations/service';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [healthOperation]);
