import { mount } from '@/lib/http/operation';
import { createStaffUserOperation } from '@/lib/accounts/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [createStaffUserOperation]);
