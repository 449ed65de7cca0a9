import { DriverSearchQuerySchema } from '@/lib/dispatches/console-schemas';
import { listDrivers } from '@/lib/drivers/list-drivers';
import { parseInput, queryObject } from '@/lib/http/parse-input';
import { adminRoute } from '@/lib/http/route';

// GET /api/admin/drivers — drivers by name, id or phone, active only with active=true (the console's driver picker)
export const GET = adminRoute({}, async ({ request }) => {
  const query = parseInput(DriverSearchQuerySchema, queryObject(request.url));
  return { status: 200, body: await listDrivers({ query }) };
});
