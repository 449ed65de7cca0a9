import { mount } from '@/lib/http/mount';
import { createStaffUserOperation, listUsersOperation } from '@/lib/accounts/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [listUsersOperation, createStaffUserOperation]);
