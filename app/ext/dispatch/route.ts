import { mount } from '@/lib/http/mount';
import { createDispatchOperation } from '@/lib/dispatches/operations/commands';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('vendor', [createDispatchOperation]);
