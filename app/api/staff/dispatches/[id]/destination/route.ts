import { changeDestination } from '@/lib/dispatches/change-destination';
import { nameDispatchActors } from '@/lib/dispatches/get-dispatch-view';
import { StaffDestinationSchema } from '@/lib/dispatches/schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { staffRoute, otherMethods } from '@/lib/http/route';

// PATCH /api/staff/dispatches/{id}/destination — move the destination (as PATCH /ext/dispatch/{id}/destination, with the address line required); answers the updated record, its actors named (as GET)
export const PATCH = staffRoute<{ id: string }>({ body: true }, async ({ scope, caller, params, body }) => {
  const destination = parseInput(StaffDestinationSchema, body);
  const dispatch = await changeDestination({
    id: params.id,
    scope,
    destination,
    actor: { refType: 'vendor', refId: caller.user.id },
  });
  return { status: 200, body: { data: await nameDispatchActors({ record: dispatch, scope }) } };
});

export const { GET, HEAD, POST, PUT, DELETE, OPTIONS } = otherMethods({ PATCH });
