import { getAccountDetail } from '@/lib/accounts/get-account-detail';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/accounts/{id} — one account: name, modes and tariff
export const GET = adminRoute<{ id: string }>({}, async ({ params }) => {
  return { status: 200, body: { data: await getAccountDetail({ accountId: params.id }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
