import { mount } from '@/lib/http/operation';
import { updateTariffOperation } from '@/lib/accounts/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [updateTariffOperation]);
