import { mount } from '@/lib/edge/server/mount';
import { setDutyOperation } from '@/lib/fleet/server/jobs/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('driver', [setDutyOperation]);
