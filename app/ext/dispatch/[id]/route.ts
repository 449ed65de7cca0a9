import { getDispatch } from '@/lib/dispatches/get-dispatch';
import { apiKeyRoute } from '@/lib/http/route';

// GET /ext/dispatch/{id} — one dispatch of the caller's account
export const GET = apiKeyRoute<{ id: string }>({}, async ({ caller, params }) => {
  const dispatch = await getDispatch({ id: params.id, accountId: caller.accountId });
  return { status: 200, body: { data: dispatch } };
});
