import { knownDeviceCookie } from '@/lib/platform/server/auth/known-device';
import type { SessionUser } from '@/lib/platform/shared/auth/schemas';
import { isSecureRequest, sessionCookie } from '@/lib/platform/server/auth/session-cookie';

/**
 * The answer to a successful sign-in (POST /api/session, POST /api/session/link):
 * `{data: SessionUser}` with the session cookie and the known-device cookie. Two
 * Set-Cookie headers, so a Response of its own (a reply's `headers` record holds one per name).
 */
export function signedInResponse(request: Request, signedIn: { token: string; expiresAt: Date; user: SessionUser; deviceCookie: string }): Response {
  const isSecure = isSecureRequest(request);
  const headers = new Headers({ 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' });
  headers.append('set-cookie', sessionCookie({ token: signedIn.token, expiresAt: signedIn.expiresAt, isSecure }));
  headers.append('set-cookie', knownDeviceCookie({ value: signedIn.deviceCookie, isSecure }));
  return new Response(JSON.stringify({ data: signedIn.user }), { status: 200, headers });
}
