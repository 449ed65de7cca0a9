import { mount } from '@/lib/http/mount';
import { createDriverOperation, listDriversOperation } from '@/lib/drivers/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [listDriversOperation, createDriverOperation]);
