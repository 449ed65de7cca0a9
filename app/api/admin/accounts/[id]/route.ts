import { mount } from '@/lib/http/operation';
import { accountDetailOperation } from '@/lib/accounts/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [accountDetailOperation]);
