import { createDispatch } from '@/lib/dispatches/create-dispatch';
import { CreateDispatchBodySchema } from '@/lib/dispatches/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { apiKeyRoute, otherMethods } from '@/lib/http/route';

// POST /ext/dispatch — create a dispatch
export const POST = apiKeyRoute({ body: true, idempotent: true }, async ({ caller, body }) => {
  const input = parseInput(CreateDispatchBodySchema, body);
  const dispatch = await createDispatch({ accountId: caller.accountId, input, tariff: caller.tariff });
  return { status: 201, body: { data: { id: dispatch.id } }, headers: { location: `/ext/dispatch/${dispatch.id}` } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
