import { mount } from '@/lib/http/mount';
import { currentOfferOperation } from '@/lib/driver-jobs/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('driver', [currentOfferOperation]);
