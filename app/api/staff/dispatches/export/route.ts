import { DispatchExportQuerySchema, exportDispatchesCsv } from '@/lib/dispatches/export-dispatches-csv';
import { parseInput, queryObject } from '@/lib/http/parse-input';
import { staffRoute } from '@/lib/http/route';

// GET /api/staff/dispatches/export — every dispatch matching the list's filters, as a CSV download
export const GET = staffRoute({}, async ({ caller, request }) => {
  const filters = parseInput(DispatchExportQuerySchema, queryObject(request.url));
  const stream = await exportDispatchesCsv({ accountId: caller.accountId, filters });
  const filename = `dispatches-${new Date().toISOString().slice(0, 10)}.csv`;
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
