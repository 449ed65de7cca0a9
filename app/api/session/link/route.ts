import { mount } from '@/lib/http/mount';
import { signInWithLinkOperation } from '@/lib/drivers/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [signInWithLinkOperation]);
