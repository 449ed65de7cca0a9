import { adminRoute, otherMethods } from '@/lib/http/route';
import { dispatchChangeStream } from '@/lib/live/event-stream';

// GET /api/admin/dispatches/events — server-sent events: every change to every account's dispatches, live
export const GET = adminRoute({}, async ({ scope, request }) => ({
  status: 200,
  response: dispatchChangeStream({ scope, signal: request.signal }),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
