import { createDriverSignInLink } from '@/lib/auth/sign-in-link';
import { adminRoute, otherMethods } from '@/lib/http/route';

// POST /api/admin/drivers/{id}/sign-in-link — a one-time sign-in link for the driver (15 minutes), shown as a QR code
export const POST = adminRoute<{ id: string }>({}, async ({ params }) => {
  return { status: 201, body: { data: await createDriverSignInLink({ driverId: params.id }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
