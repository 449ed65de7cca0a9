import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Known devices (OWASP's "device cookies"): after a successful sign-in the browser gets a long-lived
// cookie saying "this user signed in here before". A sign-in that presents one for its own user is
// throttled in that device's bucket instead of the email's (lib/platform/server/auth/login-throttle.ts), so a
// stranger who fails with a staff member's email locks out only devices that never signed in as them.
//
// The cookie holds one token per user who signed in on the device (a shared restaurant terminal
// has several): `<user id>.<issued, base36 seconds>.<device id>.<HMAC-SHA256>`, joined by `~`.
// The MAC is keyed with the user's stored password hash: a secret only the database holds (its
// 128-bit random salt included, so a weak password does not make the key guessable), the same for
// every server process without any configuration, and changed with the password, which forgets
// the user's devices. A token cannot be forged without the database, and one user's token proves
// nothing for another. It is no authenticator either: it only chooses the throttle bucket, and
// the password is still checked.

export const KNOWN_DEVICE_COOKIE = 'dispatch_device';
/** How long a device stays known after its last successful sign-in. */
export const KNOWN_DEVICE_TTL_MS = 180 * 24 * 3_600_000;
/** Users one device remembers (the most recent sign-ins). */
const MAX_USERS_PER_DEVICE = 5;
/** Longer cookies are not read at all (a token is about 100 characters). */
const MAX_COOKIE_LENGTH = 1_000;
const MAC_CONTEXT = 'dispatch known device v1';
const TOKEN = /^(usr_[0-9A-Za-z]{1,40})\.([0-9a-z]{1,10})\.([\w-]{22})\.([\w-]{43})$/;

/** The user a token is checked against: the MAC key is their password hash. */
export interface DeviceUser {
  id: string;
  passwordHash: string;
}

interface DeviceToken {
  userId: string;
  issued: string;
  deviceId: string;
  mac: string;
  text: string;
}

function macOf(user: DeviceUser, issued: string, deviceId: string): string {
  return createHmac('sha256', user.passwordHash).update(`${MAC_CONTEXT}|${user.id}.${issued}.${deviceId}`).digest('base64url');
}

function tokensOf(cookie: string | undefined): DeviceToken[] {
  if (!cookie || cookie.length > MAX_COOKIE_LENGTH) return [];
  return cookie.split('~').flatMap((text) => {
    const match = TOKEN.exec(text);
    return match ? [{ userId: match[1]!, issued: match[2]!, deviceId: match[3]!, mac: match[4]!, text }] : [];
  });
}

/**
 * The id of the known device `cookie` proves for `user`: its token for this user carries a valid
 * MAC and is younger than KNOWN_DEVICE_TTL_MS. Null otherwise (no cookie, another user's token,
 * a forged or expired one), and then the sign-in counts against the email.
 */
export function knownDeviceId(options: { cookie: string | undefined; user: DeviceUser; now: Date }): string | null {
  const token = tokensOf(options.cookie).find((candidate) => candidate.userId === options.user.id);
  if (!token) return null;
  const age = options.now.getTime() - parseInt(token.issued, 36) * 1000;
  if (!(age >= -60_000 && age <= KNOWN_DEVICE_TTL_MS)) return null;
  const expected = Buffer.from(macOf(options.user, token.issued, token.deviceId));
  const given = Buffer.from(token.mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? token.deviceId : null;
}

/**
 * The device cookie's value after `user` signed in on it: a new token for them (a new device id,
 * so a known device's bucket starts empty), the tokens of the other users who signed in there
 * before kept, the oldest dropped beyond MAX_USERS_PER_DEVICE.
 */
export function rememberDevice(options: { cookie: string | undefined; user: DeviceUser; now: Date }): string {
  const issued = Math.floor(options.now.getTime() / 1000).toString(36);
  const deviceId = randomBytes(16).toString('base64url');
  const token = `${options.user.id}.${issued}.${deviceId}.${macOf(options.user, issued, deviceId)}`;
  const others = tokensOf(options.cookie)
    .filter((other) => other.userId !== options.user.id)
    .map((other) => other.text);
  return [...others, token].slice(-MAX_USERS_PER_DEVICE).join('~');
}

/**
 * The Set-Cookie header of the device cookie: HTTP-only, SameSite=Lax, Secure over HTTPS, and
 * sent only to the sign-in endpoint (nothing else reads it).
 */
export function knownDeviceCookie(options: { value: string; isSecure: boolean }): string {
  return [
    `${KNOWN_DEVICE_COOKIE}=${options.value}`,
    'Path=/api/session',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${Math.floor(KNOWN_DEVICE_TTL_MS / 1000)}`,
    ...(options.isSecure ? ['Secure'] : []),
  ].join('; ');
}
