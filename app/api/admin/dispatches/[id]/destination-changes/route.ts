import { mount } from '@/lib/http/mount';
import { destinationChangesOperation } from '@/lib/dispatches/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [destinationChangesOperation]);
