import { mount } from '@/lib/edge/server/mount';
import { createDispatchOperation } from '@/lib/dispatch/server/operations/commands';
import { listDispatchesOperation } from '@/lib/dispatch/server/operations/reads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [listDispatchesOperation, createDispatchOperation]);
