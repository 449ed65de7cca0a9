import { mount } from '@/lib/http/mount';
import { getDriverSignInOperation, setDriverSignInOperation } from '@/lib/drivers/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [getDriverSignInOperation, setDriverSignInOperation]);
