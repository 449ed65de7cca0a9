/**
 * The client's address for sign-in throttling: the first `x-forwarded-for` hop (set by the
 * proxy in front of us, or by Next's server from the socket). Spoofable without a proxy that
 * overwrites it, which is why the per-email limit does not depend on it.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded ? forwarded.slice(0, 100) : 'unknown';
}
