import { mount } from '@/lib/http/operation';
import { revokeApiKeyOperation } from '@/lib/accounts/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [revokeApiKeyOperation]);
