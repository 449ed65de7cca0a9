import { mount } from '@/lib/edge/server/mount';
import { currentOfferOperation } from '@/lib/fleet/server/jobs/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('driver', [currentOfferOperation]);
