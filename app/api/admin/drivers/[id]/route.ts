import { mount } from '@/lib/edge/server/mount';
import { adminDriverOperation, updateDriverOperation } from '@/lib/fleet/server/drivers/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [adminDriverOperation, updateDriverOperation]);
