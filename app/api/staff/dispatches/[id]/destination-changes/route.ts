import { mount } from '@/lib/edge/server/mount';
import { destinationChangesOperation } from '@/lib/dispatch/server/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [destinationChangesOperation]);
