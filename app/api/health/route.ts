import { mount } from '@/lib/http/mount';
import { healthOperation } from '@/lib/http/operations/service';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [healthOperation]);
