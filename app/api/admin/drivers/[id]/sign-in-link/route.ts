import { mount } from '@/lib/edge/server/mount';
import { driverSignInLinkOperation } from '@/lib/fleet/server/drivers/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [driverSignInLinkOperation]);
