import { assertSameOrigin } from '@/lib/auth/authenticate-session';
import { clientAddress } from '@/lib/auth/client-address';
import { KNOWN_DEVICE_COOKIE } from '@/lib/auth/known-device';
import { DriverSignInBodySchema, SignInBodySchema } from '@/lib/auth/schemas';
import { clearedSessionCookie, isSecureRequest, readCookie, SESSION_COOKIE } from '@/lib/auth/session-cookie';
import { signedInResponse } from '@/lib/auth/signed-in-response';
import { signIn } from '@/lib/auth/sign-in';
import { signOut } from '@/lib/auth/sign-out';
import { parseInput } from '@/lib/validation/parse-input';
import { publicRoute, otherMethods } from '@/lib/http/route';

// POST /api/session — sign in with email and password (dashboard, console) or phone and PIN
// (driver app); sets the session cookie and the known-device cookie (two Set-Cookie headers: a
// Response of its own carries them)
export const POST = publicRoute({ body: true }, async ({ request, body }) => {
  assertSameOrigin(request);
  const isDriver = typeof body === 'object' && body !== null && 'phone' in body;
  const input = isDriver ? parseInput(DriverSignInBodySchema, body) : parseInput(SignInBodySchema, body);
  const deviceCookie = readCookie(request.headers, KNOWN_DEVICE_COOKIE);
  const signedIn = await signIn({ input, ip: clientAddress(request.headers), deviceCookie });
  return { status: 200, response: signedInResponse(request, signedIn) };
});

// DELETE /api/session — sign out: ends the session and clears the cookie
export const DELETE = publicRoute({}, async ({ request }) => {
  assertSameOrigin(request);
  await signOut({ token: readCookie(request.headers, SESSION_COOKIE) });
  return { status: 204, headers: { 'set-cookie': clearedSessionCookie({ isSecure: isSecureRequest(request) }) } };
});

export const { GET, HEAD, PUT, PATCH, OPTIONS } = otherMethods({ POST, DELETE });
