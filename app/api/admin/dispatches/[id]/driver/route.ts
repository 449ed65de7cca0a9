import { mount } from '@/lib/http/operation';
import { assignedDriverOperation } from '@/lib/dispatches/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [assignedDriverOperation]);
