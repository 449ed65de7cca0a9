import { mount } from '@/lib/http/mount';
import { accountDetailOperation } from '@/lib/accounts/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [accountDetailOperation]);
