import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { readSession } from '@/lib/platform/server/internal/auth/read-session';
import type { SessionUser } from '@/lib/platform/shared/auth/schemas';
import { SESSION_COOKIE } from '@/lib/platform/server/auth/session-cookie';

/**
 * The signed-in user of the page being rendered, once per request. Pages cannot send cookies,
 * so they never renew the session; the dashboard's API calls do.
 */
export const currentUser = cache(async (): Promise<SessionUser | null> => {
  const session = await readSession({ token: (await cookies()).get(SESSION_COOKIE)?.value, renew: false });
  return session?.user ?? null;
});

/** The signed-in staff member with their account, or a redirect to the sign-in page. */
export async function requireStaff(): Promise<SessionUser & { accountId: string }> {
  const user = await currentUser();
  if (!user) redirect('/login');
  if (user.role !== 'staff' || !user.accountId) redirect('/login?error=role');
  return { ...user, accountId: user.accountId };
}

/** The signed-in admin, or a redirect to the sign-in page. */
export async function requireAdmin(): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect('/login?next=/admin');
  if (user.role !== 'admin') redirect('/login?error=role');
  return user;
}
