import { mount } from '@/lib/http/mount';
import { createDriverOperation } from '@/lib/drivers/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [createDriverOperation]);
