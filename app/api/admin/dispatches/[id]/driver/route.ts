import { mount } from '@/lib/http/mount';
import { assignedDriverOperation } from '@/lib/drivers/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [assignedDriverOperation]);
