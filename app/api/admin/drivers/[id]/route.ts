import { mount } from '@/lib/http/mount';
import { adminDriverOperation, updateDriverOperation } from '@/lib/drivers/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [adminDriverOperation, updateDriverOperation]);
