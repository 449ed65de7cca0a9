import { mount } from '@/lib/http/mount';
import { createFleetOperation, listFleetsOperation } from '@/lib/fleets/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [listFleetsOperation, createFleetOperation]);
