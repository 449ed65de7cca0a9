import { mount } from '@/lib/http/operation';
import { createBranchOperation, listBranchesOperation } from '@/lib/branches/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [listBranchesOperation, createBranchOperation]);
