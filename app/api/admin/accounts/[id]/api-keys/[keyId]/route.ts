import { mount } from '@/lib/edge/server/mount';
import { revokeApiKeyOperation } from '@/lib/accounts/server/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [revokeApiKeyOperation]);
