import { mount } from '@/lib/edge/server/mount';
import { readMediaOperation } from '@/lib/dispatch/server/media/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('driver', [readMediaOperation]);
