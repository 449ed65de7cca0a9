import { mount } from '@/lib/http/mount';
import { driverCandidatesOperation } from '@/lib/drivers/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('admin', [driverCandidatesOperation]);
