import { mount } from '@/lib/http/operation';
import { signInWithLinkOperation } from '@/lib/auth/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [signInWithLinkOperation]);
