import { mount } from '@/lib/http/operation';
import { trackingViewOperation } from '@/lib/tracking/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [trackingViewOperation]);
