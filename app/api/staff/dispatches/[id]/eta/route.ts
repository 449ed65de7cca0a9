import { getDispatchEta } from '@/lib/dispatches/get-dispatch-eta';
import { staffRoute, otherMethods } from '@/lib/http/route';

// GET /api/staff/dispatches/{id}/eta — the ETA last announced for one of the account's dispatches (null while none stands)
export const GET = staffRoute<{ id: string }>({}, async ({ scope, params }) => {
  return { status: 200, body: { data: await getDispatchEta({ id: params.id, scope }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
