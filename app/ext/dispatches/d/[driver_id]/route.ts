import { mount } from '@/lib/http/mount';
import { listDriverDispatchesOperation } from '@/lib/dispatches/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('vendor', [listDriverDispatchesOperation]);
