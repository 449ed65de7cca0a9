import { mount } from '@/lib/http/mount';
import { createApiKeyOperation, listApiKeysOperation } from '@/lib/accounts/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [listApiKeysOperation, createApiKeyOperation]);
