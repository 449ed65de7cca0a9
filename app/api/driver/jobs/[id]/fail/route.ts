import { failJob } from '@/lib/driver-jobs/fail-job';
import { DriverJobQuerySchema, FailBodySchema } from '@/lib/driver-jobs/schemas';
import { driverRoute, otherMethods } from '@/lib/http/route';
import { parseInput, parseQuery } from '@/lib/validation/parse-input';

// POST /api/driver/jobs/{id}/fail — report a failed delivery (recorded as cancelled, reason delivery_failed)
export const POST = driverRoute<{ id: string }>({ body: true, idempotent: true }, async ({ request, params, body, scope }) => {
  const { reason, note } = parseInput(FailBodySchema, body);
  const { locale } = parseQuery(DriverJobQuerySchema, request);
  return { status: 200, body: { data: await failJob({ scope, id: params.id, reason, note, locale }) } };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
