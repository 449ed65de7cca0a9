import { mount } from '@/lib/edge/server/mount';
import { signInWithLinkOperation } from '@/lib/fleet/server/drivers/operations';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [signInWithLinkOperation]);
