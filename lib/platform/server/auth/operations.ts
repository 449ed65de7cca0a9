import { assertSameOrigin } from '@/lib/platform/server/auth/authenticate-session';
import { clientAddress } from '@/lib/platform/server/auth/client-address';
import { DriverSignInBodySchema, SignInBodySchema } from '@/lib/platform/shared/auth/schemas';
import { clearedSessionCookie, isSecureRequest, readCookie, SESSION_COOKIE } from '@/lib/platform/server/auth/session-cookie';
import { signInFromPage } from '@/lib/platform/server/auth/signed-in-response';
import { signIn } from '@/lib/platform/server/auth/sign-in';
import { signOut } from '@/lib/platform/server/internal/auth/sign-out';
import { defineOperation } from '@/lib/platform/server/http/operation';
import { parseInput } from '@/lib/platform/server/validation/parse-input';

// Signing in and out: the one place a session starts (lib/platform/server/http/operation.ts). Every write checks
// it comes from our own pages (same origin).

/**
 * Sign in with email and password (dashboard, console) or phone and PIN (driver app); sets the
 * session cookie and the known-device cookie (two Set-Cookie headers: a Response of its own
 * carries them). Which form it is decides the schema, so the body is parsed here.
 */
export const signInOperation = defineOperation()({
  method: 'POST',
  mounts: { public: '/api/session' },
  readsBody: true,
  run: async ({ request, body }) =>
    signInFromPage(request, (deviceCookie) => {
      const isDriver = typeof body === 'object' && body !== null && 'phone' in body;
      const input = isDriver ? parseInput(DriverSignInBodySchema, body) : parseInput(SignInBodySchema, body);
      return signIn({ input, ip: clientAddress(request.headers), deviceCookie });
    }),
});

/** Sign out: ends the session and clears the cookie. */
export const signOutOperation = defineOperation()({
  method: 'DELETE',
  mounts: { public: '/api/session' },
  run: async ({ request }) => {
    assertSameOrigin(request);
    await signOut({ token: readCookie(request.headers, SESSION_COOKIE) });
    return { status: 204, headers: { 'set-cookie': clearedSessionCookie({ isSecure: isSecureRequest(request) }) } };
  },
});
