import { mount } from '@/lib/edge/server/mount';
import { dispatchAuditOperation } from '@/lib/dispatch/server/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [dispatchAuditOperation]);
