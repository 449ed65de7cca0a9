import { mount } from '@/lib/http/operation';
import { estimateOperation } from '@/lib/quotes/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('vendor', [estimateOperation]);
