import { mount } from '@/lib/http/operation';
import { reverseGeocodeOperation } from '@/lib/geocoding/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [reverseGeocodeOperation]);
