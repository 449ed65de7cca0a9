import { mount } from '@/lib/http/mount';
import { getModesOperation, updateModesOperation } from '@/lib/accounts/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [getModesOperation, updateModesOperation]);
