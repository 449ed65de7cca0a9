import { listDestinationChanges } from '@/lib/dispatches/list-destination-changes';
import { otherMethods, staffRoute } from '@/lib/http/route';

// GET /api/staff/dispatches/{id}/destination-changes — every move of the destination, oldest first, with the address before and after
export const GET = staffRoute<{ id: string }>({}, async ({ scope, params }) => {
  return { status: 200, body: { data: await listDestinationChanges({ scope, id: params.id }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
