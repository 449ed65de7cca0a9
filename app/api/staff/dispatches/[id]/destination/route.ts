import { mount } from '@/lib/http/operation';
import { changeDestinationOperation } from '@/lib/dispatches/operations/commands';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [changeDestinationOperation]);
