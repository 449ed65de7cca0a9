import { mount } from '@/lib/edge/server/mount';
import { pingOperation } from '@/lib/platform/server/http/operations/service';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [pingOperation]);
