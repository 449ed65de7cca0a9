import { describe, expect, it } from 'vitest';
import { onPhoneClock } from './queries';
import type { DriverMe, Offer } from './types';

const offer: Offer = {
  id: 'ofr_1',
  dispatch_id: 'dsp_1',
  r_id: 'R1',
  created_at: '2026-11-25T10:00:00.000Z',
  expires_at: '2026-11-25T10:00:45.000Z',
  expires_in_ms: 30_000,
  restaurant: 'Burger House',
  pickup: { lat: 24.7, lng: 46.6, address_line: null },
  destination: { lat: 24.8, lng: 46.7, address_line: null },
  pickup_distance_km: 1.2,
  trip_km: 5,
  tip: null,
};
const me: DriverMe = { driver: { id: 'drv_1', name: 'Driver', phone: null, on_duty: true, last_position_at: null }, offer, offer_timeout_s: 45 };

describe('onPhoneClock', () => {
  it('ends the countdown expires_in_ms after the answer arrived, on a phone two minutes behind the server', () => {
    // The answer was made at 10:00:15 server time (30 s left); the phone reads 09:58:15 when it arrives.
    const receivedAt = Date.parse('2026-11-25T09:58:15.000Z');
    const moved = onPhoneClock(me, receivedAt).offer!;
    expect(Date.parse(moved.expires_at) - receivedAt).toBe(30_000);
    // The whole offer still lasts 45 s, so the countdown bar starts from the same fraction.
    expect(Date.parse(moved.expires_at) - Date.parse(moved.created_at)).toBe(45_000);
  });

  it('leaves an answer without an offer as it is', () => {
    const none = { ...me, offer: null };
    expect(onPhoneClock(none, Date.now())).toBe(none);
  });
});
