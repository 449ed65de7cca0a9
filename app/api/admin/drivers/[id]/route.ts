import { mount } from '@/lib/http/operation';
import { adminDriverOperation, updateDriverOperation } from '@/lib/drivers/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [adminDriverOperation, updateDriverOperation]);
