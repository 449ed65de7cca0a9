// GET /api/ping — liveness without touching the database (also the benchmark's framework ceiling)
export function GET(): Response {
  return Response.json({ status: 'ok' });
}
