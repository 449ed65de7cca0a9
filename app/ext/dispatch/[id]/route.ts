import { mount } from '@/lib/edge/server/mount';
import { updateDropoffOperation } from '@/lib/dispatch/server/operations/commands';
import { getDispatchOperation } from '@/lib/dispatch/server/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('vendor', [getDispatchOperation, updateDropoffOperation]);
