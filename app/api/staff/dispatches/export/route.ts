import { DispatchExportQuerySchema, exportDispatchesCsv } from '@/lib/dispatches/export-dispatches-csv';
import { csvDownload } from '@/lib/http/csv-download';
import { parseInput, queryObject } from '@/lib/http/parse-input';
import { staffRoute, otherMethods } from '@/lib/http/route';

// GET /api/staff/dispatches/export — every dispatch matching the list's filters, as a CSV download
export const GET = staffRoute({}, async ({ caller, request }) => {
  const filters = parseInput(DispatchExportQuerySchema, queryObject(request.url));
  return csvDownload(await exportDispatchesCsv({ accountId: caller.accountId, filters }), 'dispatches');
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
