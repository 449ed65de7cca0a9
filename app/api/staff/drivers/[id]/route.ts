import { getDriver } from '@/lib/drivers/get-driver';
import { staffRoute, otherMethods } from '@/lib/http/route';

// GET /api/staff/drivers/{id} — a driver assigned to one of the account’s dispatches (name, phone, fleet; last position while on duty for one of them)
export const GET = staffRoute<{ id: string }>({}, async ({ caller, params }) => {
  return { status: 200, body: { data: await getDriver({ accountId: caller.accountId, id: params.id }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
