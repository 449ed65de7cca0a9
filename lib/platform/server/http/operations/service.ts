import { z } from 'zod';
import { db } from '@/lib/platform/server/db/client';
import { TAGS } from '@/lib/platform/server/http/openapi/components';
import { jsonResponse } from '@/lib/platform/server/http/openapi/success-responses';
import { defineOperation } from '@/lib/platform/server/http/operation';

// The service's own probes: readiness (the database answers) and liveness (the process runs).

export const healthOperation = defineOperation()({
  method: 'GET',
  mounts: { public: '/api/health' },
  responses: { '200': jsonResponse('Healthy.', z.object({ status: z.literal('ok') })) },
  errors: ['service_unavailable', 'internal_error'],
  errorNotes: { service_unavailable: 'The database cannot be reached', internal_error: 'The database failed the check' },
  docs: {
    public: {
      tag: TAGS.service,
      operationId: 'getHealth',
      summary: 'Health check',
      description: 'Answers 200 once the database answers; `503 service_unavailable` (with `retry-after`) while it cannot be reached. No API key needed.',
    },
  },
  run: async () => {
    await db().$queryRaw`SELECT 1`;
    return { status: 200, body: { status: 'ok' } };
  },
});

/** Liveness without touching the database; unwrapped, it is also the benchmarks' framework floor. */
export const pingOperation = defineOperation()({
  method: 'GET',
  mounts: { public: '/api/ping' },
  unwrapped: true,
  // No wrapper: no `x-request-id`, no error it could answer with.
  responses: { '200': { description: 'Alive.', content: { 'application/json': { schema: z.object({ status: z.literal('ok') }) } } } },
  docs: {
    public: {
      tag: TAGS.service,
      operationId: 'ping',
      summary: 'Liveness',
      description: 'Answers 200 while the process runs, without touching the database (and without `x-request-id`). No API key needed.',
    },
  },
  run: async () => ({ status: 200, response: Response.json({ status: 'ok' }) }),
});
