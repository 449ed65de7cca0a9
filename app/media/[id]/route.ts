import { mount } from '@/lib/http/mount';
import { readSignedMediaOperation } from '@/lib/media/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [readSignedMediaOperation]);
