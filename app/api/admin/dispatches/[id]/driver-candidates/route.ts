import { z } from 'zod';
import { listDriverCandidates } from '@/lib/drivers/driver-candidates';
import { adminRoute, otherMethods } from '@/lib/http/route';
import { text } from '@/lib/validation/primitives';
import { parseQuery } from '@/lib/validation/parse-input';

const CandidatesQuerySchema = z.object({ q: text(200).optional() });

// GET /api/admin/dispatches/{id}/driver-candidates — drivers who may carry the dispatch, on duty and nearest first, with distance and load
export const GET = adminRoute<{ id: string }>({}, async ({ request, params }) => {
  const { q } = parseQuery(CandidatesQuerySchema, request);
  return { status: 200, body: { data: await listDriverCandidates({ dispatchId: params.id, q }) } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
