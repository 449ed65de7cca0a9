import { mount } from '@/lib/edge/server/mount';
import { dispatchDeliveriesOperation } from '@/lib/webhooks/server/operations/deliveries';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [dispatchDeliveriesOperation]);
