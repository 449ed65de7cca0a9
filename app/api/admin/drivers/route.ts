import { mount } from '@/lib/edge/server/mount';
import { createDriverOperation, listDriversOperation } from '@/lib/fleet/server/drivers/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [listDriversOperation, createDriverOperation]);
