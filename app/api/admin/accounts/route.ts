import { mount } from '@/lib/edge/server/mount';
import { createAccountOperation, listAccountsOperation } from '@/lib/accounts/server/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [listAccountsOperation, createAccountOperation]);
