import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '@/lib/webhooks/target-address';

describe('isPrivateAddress', () => {
  it.each(['127.0.0.1', '10.2.3.4', '172.20.1.1', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::5', '::ffff:127.0.0.1', '224.0.0.1', 'not-an-ip'])(
    'refuses %s',
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );

  it.each(['8.8.8.8', '151.101.1.69', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );
});
