import { mount } from '@/lib/http/mount';
import { createAccountOperation, listAccountsOperation } from '@/lib/accounts/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [listAccountsOperation, createAccountOperation]);
