import { mount } from '@/lib/http/operation';
import { changeStatusOperation } from '@/lib/dispatches/operations/commands';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [changeStatusOperation]);
