import { mount } from '@/lib/http/mount';
import { readMediaOperation } from '@/lib/media/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('driver', [readMediaOperation]);
