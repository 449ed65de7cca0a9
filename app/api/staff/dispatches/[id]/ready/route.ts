import { markReady } from '@/lib/dispatches/mark-ready';
import { staffRoute, otherMethods } from '@/lib/http/route';

// POST /api/staff/dispatches/{id}/ready — "ready now" (as POST /ext/dispatch/{id}/ready), recorded as `vendor` / this staff member
export const POST = staffRoute<{ id: string }>({ idempotent: true }, async ({ scope, caller, params }) => {
  const dispatch = await markReady({ id: params.id, scope, actor: { refType: 'vendor', refId: caller.user.id } });
  return { status: 200, body: { data: dispatch } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
