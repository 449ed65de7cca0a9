import { mount } from '@/lib/http/mount';
import { setDutyOperation } from '@/lib/driver-jobs/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('driver', [setDutyOperation]);
