import { mount } from '@/lib/edge/server/mount';
import { getDispatchOperation } from '@/lib/dispatch/server/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [getDispatchOperation]);
