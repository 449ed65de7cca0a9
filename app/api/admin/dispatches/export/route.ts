import { adminListArgs, AdminDispatchExportQuerySchema } from '@/lib/dispatches/console-schemas';
import { exportDispatchesCsv } from '@/lib/dispatches/export-dispatches-csv';
import { csvDownload } from '@/lib/http/csv-download';
import { parseQuery } from '@/lib/validation/parse-input';
import { adminRoute, otherMethods } from '@/lib/http/route';

// GET /api/admin/dispatches/export — every dispatch matching the console list's filters, as a CSV download (account first)
export const GET = adminRoute({}, async ({ scope, request }) => {
  const query = parseQuery(AdminDispatchExportQuerySchema, request);
  return csvDownload(await exportDispatchesCsv({ ...adminListArgs(scope, query), withRelated: true }), 'dispatches-all-accounts');
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
