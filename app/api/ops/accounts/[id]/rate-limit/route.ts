import { mount } from '@/lib/http/mount';
import { updateRateLimitOperation } from '@/lib/accounts/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [updateRateLimitOperation]);
