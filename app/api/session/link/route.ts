import { assertSameOrigin } from '@/lib/auth/authenticate-session';
import { KNOWN_DEVICE_COOKIE } from '@/lib/auth/known-device';
import { readCookie } from '@/lib/auth/session-cookie';
import { signedInResponse } from '@/lib/auth/signed-in-response';
import { signInWithLink } from '@/lib/auth/sign-in-link';
import { SignInLinkBodySchema } from '@/lib/drivers/driver-sign-in-schemas';
import { parseInput } from '@/lib/validation/parse-input';
import { publicRoute, otherMethods } from '@/lib/http/route';

// POST /api/session/link — sign in with a one-time sign-in link's token (the driver app's
// /driver/link/{token} page): consumes the link and sets the cookies POST /api/session sets
export const POST = publicRoute({ body: true }, async ({ request, body }) => {
  assertSameOrigin(request);
  const { token } = parseInput(SignInLinkBodySchema, body);
  const signedIn = await signInWithLink({ token, deviceCookie: readCookie(request.headers, KNOWN_DEVICE_COOKIE) });
  return { status: 200, response: signedInResponse(request, signedIn) };
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
