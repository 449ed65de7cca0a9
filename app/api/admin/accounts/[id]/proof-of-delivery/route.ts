import { mount } from '@/lib/edge/server/mount';
import { getProofOfDeliveryOperation, updateProofOfDeliveryOperation } from '@/lib/accounts/server/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [getProofOfDeliveryOperation, updateProofOfDeliveryOperation]);
