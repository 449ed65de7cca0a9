import { adminListArgs, AdminDispatchExportQuerySchema } from '@/lib/dispatches/console-schemas';
import { exportDispatchesCsv } from '@/lib/dispatches/export-dispatches-csv';
import { parseInput, queryObject } from '@/lib/http/parse-input';
import { adminRoute } from '@/lib/http/route';

// GET /api/admin/dispatches/export — every dispatch matching the console list's filters, as a CSV download (account first)
export const GET = adminRoute({}, async ({ request }) => {
  const query = parseInput(AdminDispatchExportQuerySchema, queryObject(request.url));
  const stream = await exportDispatchesCsv({ ...adminListArgs(query), withRelated: true });
  const filename = `dispatches-all-accounts-${new Date().toISOString().slice(0, 10)}.csv`;
  return {
    status: 200,
    response: new Response(stream, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'private, no-store',
      },
    }),
  };
});
