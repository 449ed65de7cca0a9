import { mount } from '@/lib/http/mount';
import { dispatchEventsOperation } from '@/lib/dispatches/operations/reads';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('staff', [dispatchEventsOperation]);
