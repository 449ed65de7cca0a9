import { listDriverJobs } from '@/lib/driver-jobs/list-driver-jobs';
import { DriverJobQuerySchema } from '@/lib/driver-jobs/schemas';
import { driverRoute, otherMethods } from '@/lib/http/route';
import { parseQuery } from '@/lib/validation/parse-input';

// GET /api/driver/jobs — the driver's jobs: on duty first, then the last 24 h's finished ones
export const GET = driverRoute({}, async ({ request, scope }) => {
  const { locale } = parseQuery(DriverJobQuerySchema, request);
  return { status: 200, body: { data: await listDriverJobs({ scope, locale }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
