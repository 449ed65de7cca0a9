import { mount } from '@/lib/http/mount';
import { getProofOfDeliveryOperation, updateProofOfDeliveryOperation } from '@/lib/accounts/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [getProofOfDeliveryOperation, updateProofOfDeliveryOperation]);
