import { publicRoute, otherMethods } from '@/lib/http/route';
import { describeLifecycle } from '@/lib/transitions/describe-lifecycle';

// GET /ext/statuses — the status values and the enforced transition table
export const GET = publicRoute({}, async () => ({ status: 200, body: { data: describeLifecycle() } }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
