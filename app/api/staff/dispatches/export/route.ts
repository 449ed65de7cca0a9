import { mount } from '@/lib/http/mount';
import { exportDispatchesOperation } from '@/lib/dispatches/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [exportDispatchesOperation]);
