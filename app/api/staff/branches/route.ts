import { mount } from '@/lib/edge/server/mount';
import { createBranchOperation, listBranchesOperation } from '@/lib/accounts/server/branches/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [listBranchesOperation, createBranchOperation]);
