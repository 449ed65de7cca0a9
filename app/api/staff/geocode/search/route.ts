import { mount } from '@/lib/edge/server/mount';
import { searchAddressesOperation } from '@/lib/dispatch/server/geocoding/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [searchAddressesOperation]);
