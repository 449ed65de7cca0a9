import { mount } from '@/lib/http/mount';
import { dispatchProofOperation } from '@/lib/dispatches/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [dispatchProofOperation]);
