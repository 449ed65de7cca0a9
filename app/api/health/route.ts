import { db } from '@/lib/db/client';
import { publicRoute, otherMethods } from '@/lib/http/route';

// GET /api/health — 200 once the database answers
export const GET = publicRoute({}, async () => {
  await db().$queryRaw`SELECT 1`;
  return { status: 200, body: { status: 'ok' } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
