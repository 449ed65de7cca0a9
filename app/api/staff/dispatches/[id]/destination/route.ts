import { mount } from '@/lib/http/mount';
import { changeDestinationOperation } from '@/lib/dispatches/operations/commands';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [changeDestinationOperation]);
