import { getSignInAlert } from '@/lib/auth/get-sign-in-alert';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/sign-in-alert — failed driver PIN sign-ins across all phones against the platform's budget (the console's alert)
export const GET = adminRoute({}, async () => {
  return { status: 200, body: { data: await getSignInAlert() } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
