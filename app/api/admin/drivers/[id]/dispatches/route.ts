import { mount } from '@/lib/edge/server/mount';
import { driverDispatchesOperation } from '@/lib/fleet/server/drivers/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [driverDispatchesOperation]);
