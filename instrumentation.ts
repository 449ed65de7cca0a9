// Opens the database when the server starts instead of on the first request (PGlite takes
// seconds to open; the first request would pay for it).
// NEXT_RUNTIME is set (and inlined) by Next itself; it is not configuration, so lib/env.ts does not own it.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { db } = await import('@/lib/db/client');
  await db().$queryRaw`SELECT 1`;
}
