import { mount } from '@/lib/http/mount';
import { pingOperation } from '@/lib/http/operations/service';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [pingOperation]);
