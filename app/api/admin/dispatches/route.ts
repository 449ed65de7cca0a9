import { mount } from '@/lib/http/mount';
import { listDispatchesOperation } from '@/lib/dispatches/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [listDispatchesOperation]);
