import { mount } from '@/lib/http/mount';
import { accountDriverOperation } from '@/lib/drivers/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [accountDriverOperation]);
