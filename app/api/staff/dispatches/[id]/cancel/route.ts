import { mount } from '@/lib/edge/server/mount';
import { cancelDispatchOperation } from '@/lib/dispatch/server/operations/commands';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [cancelDispatchOperation]);
