import { mount } from '@/lib/http/mount';
import { revokeApiKeyOperation } from '@/lib/accounts/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [revokeApiKeyOperation]);
