import { mount } from '@/lib/http/mount';
import { createDispatchOperation } from '@/lib/dispatches/operations/commands';
import { listDispatchesOperation } from '@/lib/dispatches/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [listDispatchesOperation, createDispatchOperation]);
