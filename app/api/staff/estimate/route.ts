import { mount } from '@/lib/http/mount';
import { estimateOperation } from '@/lib/dispatches/operations/estimate';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [estimateOperation]);
