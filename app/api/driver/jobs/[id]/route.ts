import { mount } from '@/lib/edge/server/mount';
import { getJobOperation } from '@/lib/fleet/server/jobs/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('driver', [getJobOperation]);
