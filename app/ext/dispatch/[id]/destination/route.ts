import { changeDestination } from '@/lib/dispatches/change-destination';
import { AddressSchema } from '@/lib/dispatches/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { apiKeyRoute, otherMethods } from '@/lib/http/route';

// PATCH /ext/dispatch/{id}/destination — move the destination of a dispatch
export const PATCH = apiKeyRoute<{ id: string }>({ body: true }, async ({ scope, caller, params, body }) => {
  const destination = parseInput(AddressSchema, body);
  await changeDestination({ id: params.id, scope, destination, actor: { refType: 'vendor', refId: caller.accountId } });
  return { status: 204 };
});

export const { GET, HEAD, POST, PUT, DELETE, OPTIONS } = otherMethods({ PATCH });
