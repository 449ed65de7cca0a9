import { getDriverJob } from '@/lib/driver-jobs/get-driver-job';
import { DriverJobQuerySchema } from '@/lib/driver-jobs/schemas';
import { driverRoute, otherMethods } from '@/lib/http/route';
import { parseQuery } from '@/lib/validation/parse-input';

// GET /api/driver/jobs/{id} — one of the driver's jobs, with its legal next statuses
export const GET = driverRoute<{ id: string }>({}, async ({ request, params, scope }) => {
  const { locale } = parseQuery(DriverJobQuerySchema, request);
  return { status: 200, body: { data: await getDriverJob({ scope, id: params.id, locale }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
