import { mount } from '@/lib/http/mount';
import { updateTariffOperation } from '@/lib/accounts/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [updateTariffOperation]);
