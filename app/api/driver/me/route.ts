import { mount } from '@/lib/http/mount';
import { driverProfileOperation } from '@/lib/driver-jobs/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('driver', [driverProfileOperation]);
