import { mount } from '@/lib/http/mount';
import { cancelDispatchOperation } from '@/lib/dispatches/operations/commands';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('vendor', [cancelDispatchOperation]);
