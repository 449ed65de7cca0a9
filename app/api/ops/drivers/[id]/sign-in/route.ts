import { mount } from '@/lib/http/mount';
import { setDriverSignInOperation } from '@/lib/drivers/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [setDriverSignInOperation]);
