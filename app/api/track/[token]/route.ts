import { mount } from '@/lib/edge/server/mount';
import { trackingViewOperation } from '@/lib/dispatch/server/tracking/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [trackingViewOperation]);
