import { mount } from '@/lib/edge/server/mount';
import { signInAlertOperation } from '@/lib/fleet/server/drivers/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [signInAlertOperation]);
