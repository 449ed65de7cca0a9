import { getDispatchProof } from '@/lib/dispatches/list-dispatch-proofs';
import { otherMethods, staffRoute } from '@/lib/http/route';

// GET /api/staff/dispatches/{id}/proof — the driver's proof photos, signature and failure photo (ids for GET /api/staff/media/{id}) and a failed delivery's reason
export const GET = staffRoute<{ id: string }>({}, async ({ scope, params }) => {
  return { status: 200, body: { data: await getDispatchProof({ scope, id: params.id }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
