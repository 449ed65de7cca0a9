import { mount } from '@/lib/http/mount';
import { getMediaLinkOperation } from '@/lib/media/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('vendor', [getMediaLinkOperation]);
