import { markReady } from '@/lib/dispatches/mark-ready';
import { apiKeyRoute, otherMethods } from '@/lib/http/route';

// POST /ext/dispatch/{id}/ready — the kitchen says the food is ready
export const POST = apiKeyRoute<{ id: string }>({ idempotent: true }, async ({ scope, caller, params }) => {
  const dispatch = await markReady({ id: params.id, scope, actor: { refType: 'vendor', refId: caller.accountId } });
  return { status: 200, body: { data: dispatch } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
