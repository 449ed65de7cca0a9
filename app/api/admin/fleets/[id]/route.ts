import { mount } from '@/lib/http/mount';
import { updateFleetOperation } from '@/lib/fleets/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [updateFleetOperation]);
