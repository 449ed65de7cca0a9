import { mount } from '@/lib/http/mount';
import { assignDriverOperation } from '@/lib/dispatches/operations/commands';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [assignDriverOperation]);
