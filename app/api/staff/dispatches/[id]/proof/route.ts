import { mount } from '@/lib/http/operation';
import { dispatchProofOperation } from '@/lib/dispatches/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [dispatchProofOperation]);
