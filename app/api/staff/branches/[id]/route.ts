import { mount } from '@/lib/edge/server/mount';
import { deleteBranchOperation, updateBranchOperation } from '@/lib/accounts/server/branches/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [updateBranchOperation, deleteBranchOperation]);
