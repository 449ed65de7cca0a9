import { mount } from '@/lib/edge/server/mount';
import { listJobsOperation } from '@/lib/fleet/server/jobs/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('driver', [listJobsOperation]);
