import { mount } from '@/lib/edge/server/mount';
import { driverProfileOperation } from '@/lib/fleet/server/jobs/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('driver', [driverProfileOperation]);
