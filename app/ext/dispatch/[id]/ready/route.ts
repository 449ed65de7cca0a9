import { mount } from '@/lib/http/operation';
import { markReadyOperation } from '@/lib/dispatches/operations/commands';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('vendor', [markReadyOperation]);
