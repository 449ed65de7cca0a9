import { mount } from '@/lib/http/mount';
import { createAdminOperation } from '@/lib/accounts/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [createAdminOperation]);
