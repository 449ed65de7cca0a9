import { mount } from '@/lib/edge/server/mount';
import { estimateOperation } from '@/lib/dispatch/server/operations/estimate';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('vendor', [estimateOperation]);
