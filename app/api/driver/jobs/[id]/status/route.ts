import { changeJobStatus } from '@/lib/driver-jobs/change-job-status';
import { DriverJobQuerySchema, DriverStatusBodySchema } from '@/lib/driver-jobs/schemas';
import { driverRoute, otherMethods } from '@/lib/http/route';
import { parseInput, parseQuery } from '@/lib/validation/parse-input';

// POST /api/driver/jobs/{id}/status — the driver records accepted or picked_up
export const POST = driverRoute<{ id: string }>({ body: true, idempotent: true }, async ({ request, params, body, scope }) => {
  const { status } = parseInput(DriverStatusBodySchema, body);
  const { locale } = parseQuery(DriverJobQuerySchema, request);
  return { status: 200, body: { data: await changeJobStatus({ scope, id: params.id, status, locale }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
