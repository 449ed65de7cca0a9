import { describe, expect, it } from 'vitest';
import { KNOWN_DEVICE_TTL_MS, knownDeviceCookie, knownDeviceId, rememberDevice } from '@/lib/platform/server/auth/known-device';

// Guards the known-device cookie that keeps a user's own devices out of a stranger's lockout: it
// must prove nothing for another user, when forged or tampered with, or once expired.

const NOW = new Date('2026-11-24T10:00:00Z');
const alice = { id: 'usr_Alice000000000000000000', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdGFsaWNl$aGFzaGFsaWNl' };
const bob = { id: 'usr_Bob00000000000000000000', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdGJvYg$aGFzaGJvYg' };

describe('known devices', () => {
  it("proves the device for its user only, until it expires", () => {
    const cookie = rememberDevice({ cookie: undefined, user: alice, now: NOW });
    const deviceId = knownDeviceId({ cookie, user: alice, now: NOW });
    expect(deviceId).toMatch(/^[\w-]{22}$/);
    expect(knownDeviceId({ cookie, user: bob, now: NOW })).toBeNull();
    expect(knownDeviceId({ cookie, user: alice, now: new Date(NOW.getTime() + KNOWN_DEVICE_TTL_MS - 1000) })).toBe(deviceId);
    expect(knownDeviceId({ cookie, user: alice, now: new Date(NOW.getTime() + KNOWN_DEVICE_TTL_MS + 1000) })).toBeNull();
    // A new password (a new hash) forgets the devices.
    expect(knownDeviceId({ cookie, user: { ...alice, passwordHash: `${alice.passwordHash}x` }, now: NOW })).toBeNull();
  });

  it('refuses a token claimed for another user, a tampered MAC, id or date, and garbage', () => {
    const cookie = rememberDevice({ cookie: undefined, user: bob, now: NOW });
    const [, issued, deviceId, mac] = cookie.split('.') as [string, string, string, string];
    const flip = (text: string) => `${text.slice(0, -1)}${text.at(-1) === 'A' ? 'B' : 'A'}`;
    for (const forged of [
      `${alice.id}.${issued}.${deviceId}.${mac}`,
      `${alice.id}.${issued}.${deviceId}.${flip(mac)}`,
      `${alice.id}.${(parseInt(issued, 36) + 1).toString(36)}.${deviceId}.${mac}`,
      '',
      'garbage',
      `${alice.id}.${issued}.${deviceId}`,
      `${alice.id}.${issued}.${deviceId}.${mac}~`.repeat(20),
    ]) {
      expect(knownDeviceId({ cookie: forged, user: alice, now: NOW }), forged).toBeNull();
    }
  });

  it('remembers several users of one device, a fresh device id for each sign-in, at most five', () => {
    const both = rememberDevice({ cookie: rememberDevice({ cookie: undefined, user: alice, now: NOW }), user: bob, now: NOW });
    const aliceDevice = knownDeviceId({ cookie: both, user: alice, now: NOW });
    expect(aliceDevice).not.toBeNull();
    expect(knownDeviceId({ cookie: both, user: bob, now: NOW })).not.toBeNull();
    const again = rememberDevice({ cookie: both, user: alice, now: NOW });
    expect(again.split('~')).toHaveLength(2);
    expect(knownDeviceId({ cookie: again, user: alice, now: NOW })).not.toBe(aliceDevice);
    let many = again;
    for (let i = 0; i < 6; i++) many = rememberDevice({ cookie: many, user: { ...bob, id: `usr_Other${i}` }, now: NOW });
    expect(many.split('~')).toHaveLength(5);
    expect(knownDeviceId({ cookie: many, user: alice, now: NOW })).toBeNull();
  });

  it('is an HTTP-only, SameSite=Lax cookie for the sign-in endpoint, Secure over HTTPS', () => {
    expect(knownDeviceCookie({ value: 'v', isSecure: false })).toBe('dispatch_device=v; Path=/api/session; HttpOnly; SameSite=Lax; Max-Age=15552000');
    expect(knownDeviceCookie({ value: 'v', isSecure: true })).toMatch(/; Secure$/);
  });
});
