import { mount } from '@/lib/edge/server/mount';
import { updateFleetOperation } from '@/lib/fleet/server/fleets/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [updateFleetOperation]);
