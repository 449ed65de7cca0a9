import { assertSameOrigin } from '@/lib/platform/server/auth/authenticate-session';
import { KNOWN_DEVICE_COOKIE, knownDeviceCookie } from '@/lib/platform/server/auth/known-device';
import type { SessionUser } from '@/lib/platform/shared/auth/schemas';
import { isSecureRequest, readCookie, sessionCookie } from '@/lib/platform/server/auth/session-cookie';
import type { Reply } from '@/lib/platform/server/http/reply';

type SignedIn = { token: string; expiresAt: Date; user: SessionUser; deviceCookie: string };

/**
 * A sign-in from our own pages (POST /api/session, POST /api/session/link): the origin is checked
 * first, before `signIn` reads the body (a foreign page learns nothing from a 400); `signIn` gets
 * the known-device cookie the browser holds, and the answer sets the cookies of the new session.
 */
export async function signInFromPage(request: Request, signIn: (deviceCookie: string | undefined) => Promise<SignedIn>): Promise<Reply> {
  assertSameOrigin(request);
  const signedIn = await signIn(readCookie(request.headers, KNOWN_DEVICE_COOKIE));
  return { status: 200, response: signedInResponse(request, signedIn) };
}

/**
 * The answer to a successful sign-in (POST /api/session, POST /api/session/link):
 * `{data: SessionUser}` with the session cookie and the known-device cookie. Two
 * Set-Cookie headers, so a Response of its own (a reply's `headers` record holds one per name).
 */
function signedInResponse(request: Request, signedIn: SignedIn): Response {
  const isSecure = isSecureRequest(request);
  const headers = new Headers({ 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' });
  headers.append('set-cookie', sessionCookie({ token: signedIn.token, expiresAt: signedIn.expiresAt, isSecure }));
  headers.append('set-cookie', knownDeviceCookie({ value: signedIn.deviceCookie, isSecure }));
  return new Response(JSON.stringify({ data: signedIn.user }), { status: 200, headers });
}
