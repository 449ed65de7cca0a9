import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { getEnv } from '@/lib/platform/server/env';
import { peekProcessWide, processWide } from '@/lib/platform/server/process-wide';

// The client's address, for the sign-in throttle's per-address limit. X-Forwarded-For is whatever
// the client wrote plus what each proxy appended, and Next's own server only sets it when it is
// absent, so a route handler cannot tell a real hop from a forged one: rotating it would dodge
// the limit. Only the server script (scripts/serve.ts, `npm start`) has the socket: it works the
// address out with `clientAddressOf` and hands it to the app in CLIENT_ADDRESS_HEADER, replacing
// any copy the client sent. Without that script (`next dev`, a bare `next start`, the tests) the
// header is not believed and every client is UNKNOWN_ADDRESS: one shared per-address bucket, the
// per-email and per-device limits unchanged.

/** The header scripts/serve.ts sets from the socket (and X-Forwarded-For, TRUSTED_PROXY_COUNT). */
export const CLIENT_ADDRESS_HEADER = 'x-dispatch-client-address';
export const UNKNOWN_ADDRESS = 'unknown';
/** Process-wide: set once the server script stamps every request, so the header can be believed. */
const STAMPED = 'client-address-stamped';

/** An IP address as a proxy or a socket may write it (a port, brackets, IPv4-mapped IPv6), or null. */
export function normalizeAddress(value: string | undefined): string | null {
  if (!value || value.length > 100) return null;
  let address = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  address = address.split('%')[0]!.toLowerCase();
  if (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4) address = address.slice(7);
  return isIP(address) ? address : null;
}

/**
 * The client's address from what the server sees. `trustedProxyCount` 0: the socket's peer, and
 * X-Forwarded-For is ignored (anyone can write it). N > 0: the address the Nth proxy from us
 * appended, the Nth entry from the right of X-Forwarded-For (what the client wrote is to its
 * left, whatever it is); the socket's peer when there are fewer entries or that one is malformed.
 */
export function clientAddressOf(options: {
  socketAddress: string | undefined;
  forwardedFor: string | string[] | undefined;
  trustedProxyCount: number;
}): string {
  const socket = normalizeAddress(options.socketAddress) ?? UNKNOWN_ADDRESS;
  if (options.trustedProxyCount <= 0) return socket;
  const hops = [options.forwardedFor ?? []]
    .flat()
    .join(',')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (hops.length < options.trustedProxyCount) return socket;
  return normalizeAddress(hops[hops.length - options.trustedProxyCount]) ?? socket;
}

/**
 * For scripts/serve.ts, on every request before Next sees it: sets CLIENT_ADDRESS_HEADER to the
 * client's address, replacing whatever the client sent under that name.
 */
export function stampClientAddress(request: IncomingMessage, trustedProxyCount: number): void {
  processWide(STAMPED, () => true);
  request.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf({
    socketAddress: request.socket.remoteAddress,
    forwardedFor: request.headers['x-forwarded-for'],
    trustedProxyCount,
  });
}

/**
 * The client address of a request in a route handler: CLIENT_ADDRESS_HEADER when the server
 * script stamped it, else UNKNOWN_ADDRESS (never X-Forwarded-For).
 */
export function clientAddress(headers: Headers): string {
  if (!peekProcessWide<boolean>(STAMPED)) {
    if (getEnv().NODE_ENV === 'production') processWide('client-address-unstamped-warning', warnUnstamped);
    return UNKNOWN_ADDRESS;
  }
  return normalizeAddress(headers.get(CLIENT_ADDRESS_HEADER) ?? undefined) ?? UNKNOWN_ADDRESS;
}

// A production server started without scripts/serve.ts (a bare `next start`): say so once.
function warnUnstamped(): true {
  console.warn(
    JSON.stringify({
      level: 'warn',
      message: 'client addresses are unknown (the server was not started by `npm start`): every sign-in shares one per-address throttle',
    }),
  );
  return true;
}

/**
 * The per-address throttle's key: an IPv4 address itself, an IPv6 address its /64 network (one
 * subscriber's usual allocation: rotating within it would otherwise give endless fresh addresses).
 */
export function addressThrottleKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.split('::');
  const hextets = (part: string) => (part ? part.split(':') : []);
  const left = hextets(head);
  const right = address.includes('::') ? hextets(tail) : [];
  // An IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) is two hextets; only the first four matter.
  const width = [...left, ...right].reduce((sum, hextet) => sum + (hextet.includes('.') ? 2 : 1), 0);
  const full = [...left, ...Array<string>(Math.max(0, 8 - width)).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((hextet) => (parseInt(hextet, 16) || 0).toString(16))
    .join(':')}::/64`;
}
