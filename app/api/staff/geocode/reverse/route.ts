import { mount } from '@/lib/edge/server/mount';
import { reverseGeocodeOperation } from '@/lib/dispatch/server/geocoding/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [reverseGeocodeOperation]);
