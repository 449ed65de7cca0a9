import { mount } from '@/lib/http/mount';
import { updateDropoffOperation } from '@/lib/dispatches/operations/commands';
import { getDispatchOperation } from '@/lib/dispatches/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('vendor', [getDispatchOperation, updateDropoffOperation]);
