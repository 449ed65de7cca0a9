import { assertSameOrigin } from '@/lib/auth/authenticate-session';
import { clientAddress } from '@/lib/auth/client-address';
import { SignInBodySchema } from '@/lib/auth/schemas';
import { clearedSessionCookie, isSecureRequest, readCookie, SESSION_COOKIE, sessionCookie } from '@/lib/auth/session-cookie';
import { signIn } from '@/lib/auth/sign-in';
import { signOut } from '@/lib/auth/sign-out';
import { parseInput } from '@/lib/validation/parse-input';
import { publicRoute, otherMethods } from '@/lib/http/route';

// POST /api/session — sign in to the dashboard with email and password; sets the session cookie
export const POST = publicRoute({ body: true }, async ({ request, body }) => {
  assertSameOrigin(request);
  const input = parseInput(SignInBodySchema, body);
  const { token, expiresAt, user } = await signIn({ input, ip: clientAddress(request.headers) });
  return {
    status: 200,
    body: { data: user },
    headers: { 'set-cookie': sessionCookie({ token, expiresAt, isSecure: isSecureRequest(request) }), 'cache-control': 'no-store' },
  };
});

// DELETE /api/session — sign out: ends the session and clears the cookie
export const DELETE = publicRoute({}, async ({ request }) => {
  assertSameOrigin(request);
  await signOut({ token: readCookie(request.headers, SESSION_COOKIE) });
  return { status: 204, headers: { 'set-cookie': clearedSessionCookie({ isSecure: isSecureRequest(request) }) } };
});

export const { GET, HEAD, PUT, PATCH, OPTIONS } = otherMethods({ POST, DELETE });
