import { mount } from '@/lib/edge/server/mount';
import { createAdminOperation } from '@/lib/accounts/server/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [createAdminOperation]);
