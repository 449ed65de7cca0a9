import { mount } from '@/lib/http/mount';
import { deleteBranchOperation, updateBranchOperation } from '@/lib/branches/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [updateBranchOperation, deleteBranchOperation]);
