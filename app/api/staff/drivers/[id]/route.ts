import { mount } from '@/lib/edge/server/mount';
import { accountDriverOperation } from '@/lib/fleet/server/drivers/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [accountDriverOperation]);
