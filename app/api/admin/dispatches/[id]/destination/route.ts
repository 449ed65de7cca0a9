import { changeDestination } from '@/lib/dispatches/change-destination';
import { AddressSchema } from '@/lib/dispatches/schemas';
import { parseInput } from '@/lib/http/parse-input';
import { adminRoute } from '@/lib/http/route';

// PATCH /api/admin/dispatches/{id}/destination — move the destination of any account's dispatch, recorded as this admin
export const PATCH = adminRoute<{ id: string }>({ body: true }, async ({ caller, params, body }) => {
  const destination = parseInput(AddressSchema, body);
  const dispatch = await changeDestination({ id: params.id, accountId: null, destination, actor: { refType: 'admin', refId: caller.user.id } });
  return { status: 200, body: { data: dispatch } };
});
