import { mount } from '@/lib/http/operation';
import { createApiKeyOperation, listApiKeysOperation } from '@/lib/accounts/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [listApiKeysOperation, createApiKeyOperation]);
