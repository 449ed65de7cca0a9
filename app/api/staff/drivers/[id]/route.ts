import { mount } from '@/lib/http/operation';
import { accountDriverOperation } from '@/lib/drivers/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [accountDriverOperation]);
