import { mount } from '@/lib/http/operation';
import { updateModesOperation } from '@/lib/accounts/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [updateModesOperation]);
