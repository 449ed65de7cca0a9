import { mount } from '@/lib/http/operation';
import { getJobOperation } from '@/lib/driver-jobs/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('driver', [getJobOperation]);
