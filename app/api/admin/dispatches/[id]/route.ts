import { mount } from '@/lib/http/mount';
import { getDispatchOperation } from '@/lib/dispatches/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [getDispatchOperation]);
