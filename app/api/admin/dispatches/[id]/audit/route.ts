import { listDispatchAudit } from '@/lib/dispatches/list-dispatch-audit';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/dispatches/{id}/audit — the audit trail: every event of the dispatch in order, with who caused it
export const GET = adminRoute<{ id: string }>({}, async ({ scope, params }) => {
  return { status: 200, body: { data: await listDispatchAudit({ id: params.id, scope }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
