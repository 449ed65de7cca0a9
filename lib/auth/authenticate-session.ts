import { DomainError } from '@/lib/errors/domain-error';
import { readSession } from '@/lib/auth/read-session';
import type { Tariff } from '@/lib/pricing/tariff';
import type { SessionUser, UserRole } from '@/lib/auth/schemas';
import { isSecureRequest, readCookie, SESSION_COOKIE, sessionCookie } from '@/lib/auth/session-cookie';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated writes: the browser must say the request comes from
 * our own pages (Fetch Metadata, else the Origin header). SameSite=Lax on the cookie is the
 * second layer.
 */
export function isSameOriginRequest(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = request.headers.get('origin');
  if (!origin) return false;
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export function assertSameOrigin(request: Request): void {
  if (!SAFE_METHODS.has(request.method) && !isSameOriginRequest(request)) {
    throw new DomainError('cross_site_request', 'Cross-site request refused: send it from the dashboard itself');
  }
}

/**
 * The signed-in user of a dashboard request, who must hold one of `roles`: 401 when not signed
 * in, 403 for the wrong role or a cross-site write. `setCookie` is set when the session was
 * renewed and the cookie must be sent again.
 */
export async function authenticateSession(
  request: Request,
  roles: readonly UserRole[],
): Promise<{ user: SessionUser; tariff: Tariff | null; setCookie?: string }> {
  const session = await readSession({ token: readCookie(request.headers, SESSION_COOKIE), renew: true });
  if (!session) throw new DomainError('unauthorized', 'Not signed in, or the session has expired: sign in again');
  if (!roles.includes(session.user.role)) throw new DomainError('forbidden', 'Your role cannot do this');
  assertSameOrigin(request);
  return {
    user: session.user,
    tariff: session.tariff,
    setCookie: session.isRenewed
      ? sessionCookie({ token: readCookie(request.headers, SESSION_COOKIE)!, expiresAt: session.expiresAt, isSecure: isSecureRequest(request) })
      : undefined,
  };
}
