import { mount } from '@/lib/http/mount';
import { statusesOperation } from '@/lib/dispatches/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [statusesOperation]);
