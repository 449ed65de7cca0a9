import { mount } from '@/lib/http/mount';
import { markReadyOperation } from '@/lib/dispatches/operations/commands';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [markReadyOperation]);
