import { createHash, randomBytes } from 'node:crypto';
import { db } from '@/lib/platform/server/db/client';
import { duplicateAs } from '@/lib/platform/server/db/database-errors';
import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { getEnv } from '@/lib/platform/server/env';
import { formatTimestamp } from '@/lib/platform/server/format/timestamp';
import { newId } from '@/lib/platform/server/ids/new-id';
import { rememberDevice } from '@/lib/platform/server/auth/known-device';
import { hashPassword } from '@/lib/platform/server/auth/password';
import { PhoneSchema } from '@/lib/platform/shared/auth/schemas';
import { newSessionToken, SESSION_TTL_MS, sessionIdOf } from '@/lib/platform/server/auth/session-token';
import { SIGN_IN_USER_SELECT, sessionUserOf } from '@/lib/platform/server/auth/sign-in';
import type { SignInLinkView } from '@/lib/fleet/shared/drivers/driver-sign-in-schemas';
import { phoneTaken, signInDriverOf } from '@/lib/fleet/server/drivers/driver-sign-in';

// One-time sign-in links: an admin shows one to a driver as a QR code, the driver's phone opens
// it and is signed in, once. The token is 256 random bits and only its SHA-256 is stored (like
// session tokens: a database leak leaks no link). A link lasts 15 minutes and is consumed by a
// single UPDATE … WHERE used_at IS NULL AND expires_at > now: two phones opening it at once get
// one session between them.

export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;

function linkIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function linkInvalid(): DomainError {
  return new DomainError('link_invalid', 'This sign-in link is not valid: it was already used or has expired; ask for a new one');
}

/**
 * The users row a link signs in: the driver's sign-in, or, for a driver without one, a new
 * sign-in with the phone number of the driver's record and a PIN nobody knows (random, hashed
 * and forgotten), so the link is the only way in until an admin sets a PIN. A driver with
 * neither a sign-in nor a usable phone number, or whose phone is another user's sign-in, is
 * refused (409): an admin gives them a phone and PIN first.
 */
async function linkUserOf(driverId: string): Promise<string> {
  const driver = await signInDriverOf(driverId);
  if (driver.user) {
    if (driver.user.disabledAt) throw new DomainError('invalid_state', `The sign-in of driver "${driverId}" is disabled`);
    return driver.user.id;
  }
  const phone = PhoneSchema.safeParse(driver.phone ?? '');
  if (!phone.success) {
    throw new DomainError(
      'invalid_state',
      `Driver "${driverId}" has no sign-in and no phone number in international form to make one with: set their sign-in (phone and PIN) first`,
    );
  }
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    // upsert: another admin making the first link at the same moment gets the same user.
    const user = await db().user.upsert({
      where: { driverId: driver.id },
      create: { id: newId('usr'), phone: phone.data, name: driver.name, role: 'driver', driverId: driver.id, passwordHash },
      update: {},
      select: { id: true },
    });
    return user.id;
  } catch (error) {
    throw duplicateAs(error, 'phone', () => new DomainError('invalid_state', phoneTaken(phone.data).message));
  }
}

/** Makes a one-time sign-in link for a driver (see linkUserOf for a driver without a sign-in). */
export async function createDriverSignInLink(options: { driverId: string; now?: Date }): Promise<SignInLinkView> {
  const now = options.now ?? new Date();
  const userId = await linkUserOf(options.driverId);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_TTL_MS);
  await db().signInLink.create({ data: { id: linkIdOf(token), userId, createdAt: now, expiresAt } });
  return { url: `${getEnv().PUBLIC_URL}/driver/link/${token}`, expires_at: formatTimestamp(expiresAt) };
}

/**
 * Signs in with a link's token: consumes the link and opens a session in one statement, so a
 * used, expired or unknown link (400 `link_invalid`) opens nothing, and a link opens at most one
 * session however many requests race for it. A disabled user's link is consumed and opens
 * nothing. Returns what POST /api/session returns (lib/platform/server/auth/signed-in-response.ts).
 */
export async function signInWithLink(options: { token: string; deviceCookie?: string; now?: Date }) {
  const now = options.now ?? new Date();
  const sessionToken = newSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const [opened] = await db().$queryRaw<{ user_id: string }[]>`
    WITH used AS (
      UPDATE sign_in_links SET used_at = ${now}::timestamptz
      WHERE id = ${linkIdOf(options.token)} AND used_at IS NULL AND expires_at > ${now}::timestamptz
      RETURNING user_id
    )
    INSERT INTO sessions (id, user_id, expires_at, created_at, credential_version)
    SELECT ${sessionIdOf(sessionToken)}, users.id, ${expiresAt}::timestamptz, ${now}::timestamptz, users.credential_version
    FROM used JOIN users ON users.id = used.user_id
    WHERE users.disabled_at IS NULL
      -- A deactivated driver's link is used up and opens nothing (lib/platform/server/auth/sign-in.ts refuses their PIN too).
      AND NOT EXISTS (SELECT 1 FROM drivers WHERE drivers.id = users.driver_id AND NOT drivers.is_active)
    RETURNING user_id`;
  if (!opened) throw linkInvalid();
  const user = await db().user.findUniqueOrThrow({ where: { id: opened.user_id }, select: SIGN_IN_USER_SELECT });
  return {
    token: sessionToken,
    expiresAt,
    user: sessionUserOf(user),
    deviceCookie: rememberDevice({ cookie: options.deviceCookie, user, now }),
  };
}
