import { mount } from '@/lib/http/mount';
import { driverSignInLinkOperation } from '@/lib/drivers/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [driverSignInLinkOperation]);
