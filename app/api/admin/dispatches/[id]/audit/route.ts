import { mount } from '@/lib/http/mount';
import { dispatchAuditOperation } from '@/lib/dispatches/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [dispatchAuditOperation]);
