import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '@/lib/webhooks/server/internal/target-address';

describe('isPrivateAddress', () => {
  it.each(['127.0.0.1', '10.2.3.4', '172.20.1.1', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::5', '::ffff:127.0.0.1', '224.0.0.1', 'not-an-ip'])(
    'refuses %s',
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );

  it.each(['8.8.8.8', '151.101.1.69', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );
});

// Regression: the hand-kept list let IPv6 forms that carry a loopback or private IPv4 address
// (`::127.0.0.1`, `::ffff:0:127.0.0.1`, 64:ff9b:1::/48, 2002::/16) pass as public. Only global
// unicast passes now; each embedded-IPv4 form is either refused outright or judged by its IPv4.
describe('isPrivateAddress: special-purpose ranges and embedded IPv4', () => {
  const REFUSED: [address: string, form: string][] = [
    // IPv4 special-purpose (IANA registry)
    ['0.1.2.3', 'this network 0/8'],
    ['127.255.255.254', 'loopback 127/8'],
    ['100.127.255.255', 'carrier-grade NAT 100.64/10'],
    ['192.0.0.8', 'IETF protocol assignments 192.0.0/24'],
    ['192.0.2.1', 'TEST-NET-1'],
    ['198.51.100.7', 'TEST-NET-2'],
    ['203.0.113.9', 'TEST-NET-3'],
    ['198.18.0.1', 'benchmarking 198.18/15'],
    ['192.88.99.1', '6to4 relay anycast (deprecated)'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved 240/4'],
    ['255.255.255.255', 'limited broadcast'],
    // IPv4 spellings that are not a plain dotted quad (URLs normalise them; a resolver never returns them)
    ['127.1', 'shortened IPv4'],
    ['0x7f.0.0.1', 'hex IPv4'],
    ['2130706433', 'decimal IPv4'],
    ['0177.0.0.1', 'octal IPv4'],
    // IPv6 special-purpose
    ['::', 'unspecified'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fec0::1', 'site-local (deprecated)'],
    ['fc00::1', 'unique local'],
    ['ff02::1', 'multicast'],
    ['100::1', 'discard-only 100::/64'],
    ['2001:db8::1', 'documentation 2001:db8::/32'],
    ['3fff::1', 'documentation 3fff::/20'],
    ['2001:2::1', 'benchmarking 2001:2::/48'],
    ['2001:20::1', 'ORCHIDv2'],
    ['5f00::1', 'SRv6 SIDs 5f00::/16'],
    ['::1:2:3:4', 'reserved ::/8 (outside global unicast 2000::/3)'],
    ['4000::1', 'unallocated (outside 2000::/3)'],
    // IPv4-mapped ::ffff:0:0/96: judged by the embedded IPv4 (a dual-stack socket connects to it)
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex (as a URL serialises it)'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata address'],
    ['::ffff:0.0.0.0', 'IPv4-mapped unspecified'],
    // IPv4-compatible ::/96 (deprecated, RFC 4291): refused whatever it embeds
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback, hex'],
    ['::10.0.0.1', 'IPv4-compatible private'],
    ['::8.8.8.8', 'IPv4-compatible public (ipaddr.js alone reads it as ::ffff:8.8.8.8)'],
    ['::1.2.3.4%eth0', 'IPv4-compatible with a zone'],
    ['0::8.8.8.8', 'IPv4-compatible, another spelling'],
    ['::808:808', 'IPv4-compatible public, hex'],
    // IPv4-translated ::ffff:0:0:0/96 (SIIT, RFC 6145): refused whatever it embeds
    ['::ffff:0:127.0.0.1', 'IPv4-translated loopback'],
    ['::ffff:0:7f00:1', 'IPv4-translated loopback, hex'],
    ['::ffff:0:8.8.8.8', 'IPv4-translated public'],
    // NAT64 well-known prefix 64:ff9b::/96 (RFC 6052): judged by the embedded IPv4
    ['64:ff9b::127.0.0.1', 'NAT64 loopback'],
    ['64:ff9b::7f00:1', 'NAT64 loopback, hex'],
    ['64:ff9b::10.0.0.1', 'NAT64 private'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 metadata address'],
    ['64:ff9b::1:808:808', 'inside 64:ff9b::/48 but outside the /96 (suffix bits set)'],
    // NAT64 local-use prefix 64:ff9b:1::/48 (RFC 8215): refused (a private translation domain)
    ['64:ff9b:1::a00:1', 'local-use NAT64, private'],
    ['64:ff9b:1::808:808', 'local-use NAT64, public'],
    // 6to4 2002::/16 (embeds an IPv4 relay path): refused
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:808:808::1', '6to4 of a public address'],
    // Teredo 2001::/32 (tunnels to an IPv4 server and client): refused
    ['2001::1', 'Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo (RFC 4380 example)'],
  ];

  it.each(REFUSED)('refuses %s (%s)', (address) => expect(isPrivateAddress(address)).toBe(true));

  const ALLOWED: [address: string, form: string][] = [
    ['1.1.1.1', 'public IPv4'],
    ['11.0.0.1', 'just past 10/8'],
    ['100.128.0.1', 'just past 100.64/10'],
    ['192.169.0.1', 'just past 192.168/16'],
    ['2001:4860:4860::8888', 'public IPv6'],
    ['2a00:1450:4001:81d::200e', 'public IPv6'],
    ['2606:4700::1%eth0', 'public IPv6 with a zone'],
    ['::ffff:808:808', 'IPv4-mapped public, hex'],
    ['64:ff9b::8.8.8.8', 'NAT64 of a public address'],
    ['64:ff9b::808:808', 'NAT64 of a public address, hex'],
  ];

  it.each(ALLOWED)('allows %s (%s)', (address) => expect(isPrivateAddress(address)).toBe(false));
});
