import { mount } from '@/lib/http/operation';
import { pingOperation } from '@/lib/http/service-operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [pingOperation]);
