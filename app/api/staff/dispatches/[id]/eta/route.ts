import { mount } from '@/lib/edge/server/mount';
import { dispatchEtaOperation } from '@/lib/dispatch/server/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [dispatchEtaOperation]);
