import { mount } from '@/lib/http/mount';
import { signInOperation, signOutOperation } from '@/lib/auth/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [signInOperation, signOutOperation]);
