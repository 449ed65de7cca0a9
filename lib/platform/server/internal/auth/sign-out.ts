import { db } from '@/lib/platform/server/db/client';
import { sessionIdOf } from '@/lib/platform/server/auth/session-token';

/** Ends the session of a cookie token (a no-op for an unknown one). */
export async function signOut(options: { token: string | undefined }): Promise<void> {
  if (!options.token || options.token.length > 100) return;
  await db().session.deleteMany({ where: { id: sessionIdOf(options.token) } });
}
