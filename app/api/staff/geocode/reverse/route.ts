import { mount } from '@/lib/http/mount';
import { reverseGeocodeOperation } from '@/lib/geocoding/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [reverseGeocodeOperation]);
