import { mount } from '@/lib/http/mount';
import { createBranchOperation, listBranchesOperation } from '@/lib/branches/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [listBranchesOperation, createBranchOperation]);
