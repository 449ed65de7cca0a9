import { mount } from '@/lib/edge/server/mount';
import { getModesOperation, updateModesOperation } from '@/lib/accounts/server/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [getModesOperation, updateModesOperation]);
