import { mount } from '@/lib/http/operation';
import { recordLocationOperation } from '@/lib/drivers/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('ops', [recordLocationOperation]);
