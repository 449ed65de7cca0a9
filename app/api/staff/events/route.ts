import { mount } from '@/lib/edge/server/mount';
import { dispatchEventsOperation } from '@/lib/dispatch/server/operations/reads';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [dispatchEventsOperation]);
