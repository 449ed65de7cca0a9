import { mount } from '@/lib/http/operation';
import { dispatchEtaOperation } from '@/lib/dispatches/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [dispatchEtaOperation]);
