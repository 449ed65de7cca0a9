import { otherMethods } from '@/lib/http/route';

// GET /api/ping — liveness without touching the database (also the benchmark's framework ceiling)
export function GET(): Response {
  return Response.json({ status: 'ok' });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
