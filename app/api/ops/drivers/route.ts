import { mount } from '@/lib/edge/server/mount';
import { createDriverOperation } from '@/lib/fleet/server/drivers/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [createDriverOperation]);
