import { mount } from '@/lib/http/mount';
import { driverDispatchesOperation } from '@/lib/drivers/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [driverDispatchesOperation]);
