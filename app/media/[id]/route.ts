import { mount } from '@/lib/edge/server/mount';
import { readSignedMediaOperation } from '@/lib/dispatch/server/media/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [readSignedMediaOperation]);
