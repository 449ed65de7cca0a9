import { mount } from '@/lib/http/mount';
import { recordLocationOperation } from '@/lib/drivers/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [recordLocationOperation]);
