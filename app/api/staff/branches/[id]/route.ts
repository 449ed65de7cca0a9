import { mount } from '@/lib/http/operation';
import { deleteBranchOperation, updateBranchOperation } from '@/lib/branches/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [updateBranchOperation, deleteBranchOperation]);
