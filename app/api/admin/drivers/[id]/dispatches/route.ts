import { mount } from '@/lib/http/operation';
import { driverDispatchesOperation } from '@/lib/drivers/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [driverDispatchesOperation]);
