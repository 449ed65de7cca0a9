import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { getEnv } from '@/lib/platform/server/env';
import { readSession } from '@/lib/platform/server/internal/auth/read-session';
import type { Tariff } from '@/lib/pricing/shared/tariff';
import type { SessionUser, UserRole } from '@/lib/platform/shared/auth/schemas';
import { isSecureRequest, readCookie, SESSION_COOKIE, sessionCookie } from '@/lib/platform/server/auth/session-cookie';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The host the client addressed: the Host header, or behind configured proxies
 * (TRUSTED_PROXY_COUNT > 0) the X-Forwarded-Host the nearest one set (its last entry). Without
 * proxies X-Forwarded-Host is anyone's to write, so it is not read: a cross-site page could
 * otherwise name its own host there and pass the Origin check below.
 */
export function requestHost(headers: Headers, trustedProxyCount: number): string | null {
  const forwarded = trustedProxyCount > 0 ? headers.get('x-forwarded-host')?.split(',').at(-1)?.trim() : undefined;
  return forwarded || headers.get('host');
}

/**
 * CSRF defence for cookie-authenticated writes: the browser must say the request comes from
 * our own pages (Fetch Metadata, else the Origin header against the host it addressed).
 * SameSite=Lax on the cookie is the second layer.
 */
export function isSameOriginRequest(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = request.headers.get('origin');
  if (!origin) return false;
  const host = requestHost(request.headers, getEnv().TRUSTED_PROXY_COUNT);
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
