import { applyBulkAction } from '@/lib/dispatches/apply-bulk-action';
import { BulkBodySchema } from '@/lib/dispatches/console-schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';

// POST /api/admin/dispatches/bulk — assign a driver or record a status on up to 500 dispatches, each on its own; answers per row
export const POST = adminRoute({ body: true }, async ({ caller, scope, body }) => {
  const { ids, action } = parseInput(BulkBodySchema, body);
  const results = await applyBulkAction({ ids, action, actor: { refType: 'admin', refId: caller.user.id }, scope });
  const applied = results.filter((result) => result.ok).length;
  return { status: 200, body: { data: results, applied, refused: results.length - applied } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
