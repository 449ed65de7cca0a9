import type { UserRole } from '@/lib/platform/shared/auth/schemas';
import { homePathOf } from '@/lib/platform/shared/auth/schemas';

/** The pages each role may be sent back to after signing in (a path and everything under it). */
const RETURN_ROOTS: Record<UserRole, readonly string[]> = {
  staff: ['/dispatches', '/settings'],
  admin: ['/admin'],
  driver: ['/driver'],
};

// Browsers strip tab, CR and LF from URLs and treat `\` as `/`, so `/\t/evil.example` and
// `/\evil.example` leave the site; refuse them before any parsing rather than out-guess a parser.
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

/**
 * Where to go after signing in: `next` when it names one of this role's pages on this site,
 * the role's home otherwise. `next` is resolved by the URL parser against our own origin and
 * kept only if the origin is unchanged and the path is one of ours; what comes back is the
 * parser's path, search and hash, never the raw input.
 */
export function safeNextPath(options: { next: string | null | undefined; role: UserRole; origin: string }): string {
  const { next, role, origin } = options;
  const home = homePathOf(role);
  if (!next || next.length > 2000 || !next.startsWith('/') || CONTROL_OR_BACKSLASH.test(next)) return home;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return home;
  }
  if (url.origin !== new URL(origin).origin || url.username || url.password) return home;
  const isOurs = RETURN_ROOTS[role].some((root) => url.pathname === root || url.pathname.startsWith(`${root}/`));
  return isOurs ? `${url.pathname}${url.search}${url.hash}` : home;
}
