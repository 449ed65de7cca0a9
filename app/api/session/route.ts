import { mount } from '@/lib/edge/server/mount';
import { signInOperation, signOutOperation } from '@/lib/platform/server/auth/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [signInOperation, signOutOperation]);
