import { mount } from '@/lib/http/mount';
import { searchAddressesOperation } from '@/lib/geocoding/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [searchAddressesOperation]);
