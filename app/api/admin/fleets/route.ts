import { mount } from '@/lib/edge/server/mount';
import { createFleetOperation, listFleetsOperation } from '@/lib/fleet/server/fleets/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [listFleetsOperation, createFleetOperation]);
