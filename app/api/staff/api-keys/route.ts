import { mount } from '@/lib/edge/server/mount';
import { createApiKeyOperation, listApiKeysOperation } from '@/lib/accounts/server/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [listApiKeysOperation, createApiKeyOperation]);
