import { mount } from '@/lib/http/mount';
import { dispatchEtaOperation } from '@/lib/dispatches/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [dispatchEtaOperation]);
