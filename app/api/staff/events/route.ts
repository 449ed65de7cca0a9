import { staffRoute, otherMethods } from '@/lib/http/route';
import { dispatchChangeStream } from '@/lib/live/event-stream';

export const dynamic = 'force-dynamic';

// GET /api/staff/events — server-sent events: every change to the account's dispatches, live
export const GET = staffRoute({}, async ({ scope, request }) => ({
  status: 200,
  response: dispatchChangeStream({ scope, signal: request.signal }),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
