import { mount } from '@/lib/http/operation';
import { readSignedMediaOperation } from '@/lib/media/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [readSignedMediaOperation]);
