import { mount } from '@/lib/http/mount';
import { signInAlertOperation } from '@/lib/drivers/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [signInAlertOperation]);
