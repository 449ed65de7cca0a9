import { describe, expect, it } from 'vitest';
import { greatCircleKm } from '@/lib/pricing/shared/estimates/route-estimator';
import { isAt, moveTowards, pointAt, stepKm, sandboxEstimator } from '@/lib/fleet/server/sandbox/straight-line';

const OLAYA = { lat: 24.6953, lng: 46.6851 };
const KING_ABDULLAH = { lat: 24.7743, lng: 46.7386 };

describe('sandbox geometry', () => {
  it('moves speed × tick per tick: 900 km/h for one second is 250 m, 40 km/h for a second about 11 m', () => {
    expect(stepKm(900, 1_000)).toBeCloseTo(0.25, 12);
    expect(stepKm(40, 1_000) * 1_000).toBeCloseTo(11.11, 2);
    expect(stepKm(3_600, 50)).toBeCloseTo(0.05, 12);
  });

  it('steps the given distance along the straight line, staying on it', () => {
    const total = greatCircleKm(OLAYA, KING_ABDULLAH);
    const { position, hasArrived } = moveTowards(OLAYA, KING_ABDULLAH, 1);
    expect(hasArrived).toBe(false);
    expect(greatCircleKm(OLAYA, position)).toBeCloseTo(1, 2);
    expect(greatCircleKm(position, KING_ABDULLAH)).toBeCloseTo(total - 1, 2);
    // On the line: the same fraction of the way in latitude and longitude.
    const fraction = (position.lat - OLAYA.lat) / (KING_ABDULLAH.lat - OLAYA.lat);
    expect((position.lng - OLAYA.lng) / (KING_ABDULLAH.lng - OLAYA.lng)).toBeCloseTo(fraction, 12);
  });

  it('lands exactly on the stop instead of overshooting it, and stays there', () => {
    const near = moveTowards(OLAYA, KING_ABDULLAH, greatCircleKm(OLAYA, KING_ABDULLAH) - 0.1);
    const last = moveTowards(near.position, KING_ABDULLAH, 0.25);
    expect(last).toEqual({ position: KING_ABDULLAH, hasArrived: true });
    expect(moveTowards(KING_ABDULLAH, KING_ABDULLAH, 0.25)).toEqual({ position: KING_ABDULLAH, hasArrived: true });
  });

  it('reaches a stop in ceil(distance / step) steps', () => {
    const step = stepKm(900, 1_000);
    let position = OLAYA;
    let steps = 0;
    for (let arrived = false; !arrived; steps++) ({ position, hasArrived: arrived } = moveTowards(position, KING_ABDULLAH, step));
    expect(steps).toBe(Math.ceil(greatCircleKm(OLAYA, KING_ABDULLAH) / step));
    expect(isAt(position, KING_ABDULLAH)).toBe(true);
  });

  it('places a point at a distance and bearing', () => {
    for (const bearing of [0, 45, 90, 180, 270, 359]) {
      expect(greatCircleKm(OLAYA, pointAt(OLAYA, 1.5, bearing))).toBeCloseTo(1.5, 6);
    }
    const north = pointAt(OLAYA, 1.5, 0);
    expect(north.lng).toBeCloseTo(OLAYA.lng, 9);
    expect(north.lat).toBeGreaterThan(OLAYA.lat);
    expect(pointAt(OLAYA, 1.5, 90).lng).toBeGreaterThan(OLAYA.lng);
    // Across the antimeridian the longitude wraps into [-180, 180).
    expect(pointAt({ lat: 0, lng: 179.999 }, 5, 90).lng).toBeLessThan(-179.9);
  });

  it('takes a metre for "at" the stop', () => {
    expect(isAt(OLAYA, { lat: OLAYA.lat + 0.000005, lng: OLAYA.lng })).toBe(true);
    expect(isAt(OLAYA, { lat: OLAYA.lat + 0.00005, lng: OLAYA.lng })).toBe(false);
  });

  it('estimates a simulated driver’s drive at its own speed along the straight line', async () => {
    const leg = await sandboxEstimator(900).leg(OLAYA, KING_ABDULLAH);
    expect(leg.distanceKm).toBeCloseTo(greatCircleKm(OLAYA, KING_ABDULLAH), 9);
    expect(leg.durationMin).toBeCloseTo((leg.distanceKm / 900) * 60, 9);
  });
});
