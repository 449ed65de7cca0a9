import { getDispatchProof } from '@/lib/dispatches/list-dispatch-proofs';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/dispatches/{id}/proof — the driver's proof photos, signature and failure photo (ids for GET /api/admin/media/{id}) and a failed delivery's reason
export const GET = adminRoute<{ id: string }>({}, async ({ scope, params }) => {
  return { status: 200, body: { data: await getDispatchProof({ scope, id: params.id }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
