import { mount } from '@/lib/edge/server/mount';
import { getDriverSignInOperation, setDriverSignInOperation } from '@/lib/fleet/server/drivers/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [getDriverSignInOperation, setDriverSignInOperation]);
