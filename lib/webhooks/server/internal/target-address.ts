import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

// Webhook targets must not reach into our own network (SSRF). A hand-kept list of ranges missed
// IPv6 forms that carry an IPv4 address, so the classification is ipaddr.js's, which follows
// IANA's special-purpose registries: only what it calls `unicast` (global unicast) passes.
// Its gap is ::/96 (IPv4-compatible) and the rest of ::/8, which it calls `unicast`: IPv6 must
// also lie in 2000::/3, the only block IANA allocates global unicast from.
//
// IPv6 forms that carry an IPv4 address:
// - IPv4-mapped ::ffff:a.b.c.d: judged by a.b.c.d, the address a dual-stack socket connects to.
// - NAT64 well-known prefix 64:ff9b::/96 (RFC 6052): judged by the last 32 bits, the address the
//   gateway connects to (RFC 6052 forbids the prefix for non-global IPv4, so nothing legitimate
//   is lost, and an IPv6-only deployment behind DNS64 still reaches IPv4-only receivers).
// - Refused whatever they carry: IPv4-compatible ::a.b.c.d (deprecated), IPv4-translated
//   ::ffff:0:a.b.c.d (SIIT), NAT64 local-use 64:ff9b:1::/48 (a private translation domain, its
//   IPv4 position is the operator's choice), 6to4 2002::/16 and Teredo 2001::/32 (tunnels whose
//   IPv4 endpoints we cannot judge).

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
/**
 * `::a.b.c.d`, IPv4-compatible as glibc writes it: ipaddr.js parses this one spelling as the
 * IPv4-mapped `::ffff:a.b.c.d` (it would pass for a public a.b.c.d), so it is refused unparsed.
 */
const IPV4_COMPATIBLE_DOTTED = /^::\d+\.\d+\.\d+\.\d+(%.*)?$/;

function isGlobalIPv4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

function isGlobalIPv6(address: ipaddr.IPv6): boolean {
  if (address.isIPv4MappedAddress()) return isGlobalIPv4(address.toIPv4Address());
  if (address.match(NAT64_WELL_KNOWN)) return isGlobalIPv4(new ipaddr.IPv4(address.toByteArray().slice(12)));
  return address.range() === 'unicast' && address.match(GLOBAL_UNICAST_V6);
}

/**
 * Whether an IP address is anything but global unicast: loopback, private, link-local, reserved,
 * documentation, an IPv6 form of such an IPv4 address, or not an address at all. Only a plain
 * dotted quad counts as IPv4 (URLs normalise `127.1`, `0x7f.1` and `2130706433` before this).
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !(ipaddr.IPv4.isValidFourPartDecimal(address) && isGlobalIPv4(ipaddr.IPv4.parse(address)));
  if (family === 6) return IPV4_COMPATIBLE_DOTTED.test(address) || !isGlobalIPv6(ipaddr.IPv6.parse(address));
  return true;
}
