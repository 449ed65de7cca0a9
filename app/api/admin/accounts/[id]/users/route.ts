import { mount } from '@/lib/edge/server/mount';
import { createStaffUserOperation, listUsersOperation } from '@/lib/accounts/server/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [listUsersOperation, createStaffUserOperation]);
