import { DispatchExportQuerySchema, exportDispatchesCsv } from '@/lib/dispatches/export-dispatches-csv';
import { csvDownload } from '@/lib/http/csv-download';
import { parseQuery } from '@/lib/validation/parse-input';
import { staffRoute, otherMethods } from '@/lib/http/route';

// GET /api/staff/dispatches/export — every dispatch matching the list's filters, as a CSV download
export const GET = staffRoute({}, async ({ scope, request }) => {
  const filters = parseQuery(DispatchExportQuerySchema, request);
  return csvDownload(await exportDispatchesCsv({ scope, filters }), 'dispatches');
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
