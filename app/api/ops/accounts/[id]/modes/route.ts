import { mount } from '@/lib/http/operation';
import { getModesOperation, updateModesOperation } from '@/lib/accounts/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [getModesOperation, updateModesOperation]);
