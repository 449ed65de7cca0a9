import { mount } from '@/lib/http/mount';
import { dispatchDeliveriesOperation } from '@/lib/webhooks/operations/deliveries';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [dispatchDeliveriesOperation]);
