import { mount } from '@/lib/http/mount';
import { trackingViewOperation } from '@/lib/tracking/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [trackingViewOperation]);
