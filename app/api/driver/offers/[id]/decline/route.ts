import { mount } from '@/lib/edge/server/mount';
import { declineOfferOperation } from '@/lib/fleet/server/jobs/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('driver', [declineOfferOperation]);
