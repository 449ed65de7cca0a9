import { describe, expect, it } from 'vitest';
import { storyOf, type StoryInput } from '@/lib/dispatch/shared/tracking/story';

// The tracking page's one story, over status × position × estimate. Each contradiction the page
// used to show is a case here.

const MIN = 60_000;
const NOW = Date.parse('2026-11-27T18:00:00.000Z');
const PICKUP = { lat: 21.5433, lng: 39.1728 };
const DESTINATION = { lat: 21.5633, lng: 39.1928 };
/** ~50 m from each stop (inside a 200 m geofence); ~1.5 km from both (outside). */
const AT_PICKUP = { lat: 21.5437, lng: 39.1729 };
const AT_DOOR = { lat: 21.5629, lng: 39.1927 };
const MIDWAY = { lat: 21.5533, lng: 39.1828 };

const at = (minutesAgo: number) => NOW - minutesAgo * MIN;
const timeline = (...statuses: string[]) => statuses.map((status, index) => ({ status, time: at(statuses.length - index) }));
const driverAt = (point: { lat: number; lng: number } | null) => ({ position: point ? { ...point, time: at(0) } : null });

function input(overrides: Partial<StoryInput>): StoryInput {
  return {
    state: 'new',
    timeline: timeline('new'),
    driver: null,
    eta: null,
    plan: { pickupAt: at(-15), travelMinutes: 12, approachMinutes: 10 },
    pickup: PICKUP,
    destination: DESTINATION,
    geofenceM: 200,
    now: NOW,
    ...overrides,
  };
}

describe('the tracking story', () => {
  describe('before a driver', () => {
    it('says "Finding a driver" with an arrival time from the dispatch’s own plan (no position needed)', () => {
      const story = storyOf(input({}));
      expect(story.phase).toBe('finding_driver');
      // expected at the pickup in 15 min, then a 12-minute ride
      expect(story.eta).toEqual({ kind: 'clock', at: NOW + 27 * MIN });
      expect(story.map).toEqual({ showsDriver: false, focus: 'pickup' });
    });

    it('never promises a pickup sooner than a driver not yet found can reach it', () => {
      const story = storyOf(input({ plan: { pickupAt: at(20), travelMinutes: 12, approachMinutes: 10 } }));
      expect(story.eta).toEqual({ kind: 'clock', at: NOW + 22 * MIN });
    });

    it('says so when there is no plan either, rather than inventing one', () => {
      expect(storyOf(input({ plan: null })).eta).toEqual({ kind: 'unknown' });
    });

    it('reads a confirmed delivery the same way, with its own sentence', () => {
      const story = storyOf(input({ state: 'dispatch_accepted', timeline: timeline('new', 'dispatch_accepted') }));
      expect(story.phase).toBe('finding_driver');
      expect(story.detail).toBe('dispatch_accepted');
    });
  });

  describe('a driver heading to the restaurant', () => {
    it('gives the arrival at the door from the driver’s estimate to the restaurant plus the ride', () => {
      const story = storyOf(
        input({ state: 'accepted', timeline: timeline('new', 'assigned', 'accepted'), driver: driverAt(MIDWAY), eta: { minutes: 6, stop: 'pickup', time: at(1) } }),
      );
      expect(story.phase).toBe('to_restaurant');
      expect(story.eta).toEqual({ kind: 'clock', at: NOW + 5 * MIN + 12 * MIN });
      expect(story.map).toEqual({ showsDriver: true, focus: 'pickup' });
    });

    it('has an arrival time before the driver’s first position (the plan)', () => {
      const story = storyOf(input({ state: 'assigned', timeline: timeline('new', 'assigned'), driver: driverAt(null) }));
      expect(story.phase).toBe('to_restaurant');
      expect(story.detail).toBe('assigned');
      expect(story.eta).toEqual({ kind: 'clock', at: NOW + 27 * MIN });
    });

    it('reads a job still assigned but without its driver as looking for one', () => {
      expect(storyOf(input({ state: 'assigned', timeline: timeline('new', 'assigned'), driver: null })).phase).toBe('finding_driver');
    });
  });

  describe('at the restaurant', () => {
    it('regression: "Driver at the restaurant" never sits beside "reaches the restaurant in about 1 min"', () => {
      const story = storyOf(
        input({
          state: 'accepted',
          timeline: timeline('new', 'assigned', 'accepted', 'near_pickup'),
          driver: driverAt(AT_PICKUP),
          eta: { minutes: 1, stop: 'pickup', time: at(0) },
        }),
      );
      expect(story.phase).toBe('at_restaurant');
      // No estimate to the restaurant: the time the order reaches the door, from now.
      expect(story.eta).toEqual({ kind: 'clock', at: NOW + 12 * MIN });
      expect(story.detail).toBe('near_pickup');
    });

    it('inside the geofence before the marker is recorded', () => {
      const story = storyOf(input({ state: 'accepted', timeline: timeline('new', 'assigned', 'accepted'), driver: driverAt(AT_PICKUP), eta: { minutes: 2, stop: 'pickup', time: at(0) } }));
      expect(story.phase).toBe('at_restaurant');
      expect(story.eta?.kind).toBe('clock');
    });

    it('the food ready and the driver’s position unknown: the driver is taken to be there', () => {
      const story = storyOf(input({ state: 'ready_for_pickup', timeline: timeline('new', 'assigned', 'accepted', 'ready_for_pickup'), driver: driverAt(null) }));
      expect(story.phase).toBe('at_restaurant');
      expect(story.detail).toBe('ready_for_pickup');
    });

    it('the food ready but the driver still away: on the way to the restaurant, not "at the restaurant"', () => {
      const story = storyOf(
        input({ state: 'ready_for_pickup', timeline: timeline('new', 'assigned', 'accepted', 'ready_for_pickup'), driver: driverAt(MIDWAY), eta: { minutes: 4, stop: 'pickup', time: at(0) } }),
      );
      expect(story.phase).toBe('to_restaurant');
      expect(story.eta).toEqual({ kind: 'clock', at: NOW + 16 * MIN });
    });

    it('a marker of an earlier driver says nothing of the one reassigned', () => {
      const story = storyOf(
        input({ state: 'assigned', timeline: timeline('new', 'assigned', 'accepted', 'near_pickup', 'assigned'), driver: driverAt(MIDWAY), eta: { minutes: 4, stop: 'pickup', time: at(0) } }),
      );
      expect(story.phase).toBe('to_restaurant');
    });
  });

  describe('picked up', () => {
    it('says "On the way to you" with the minutes left of the driver’s estimate', () => {
      const story = storyOf(
        input({ state: 'picked_up', timeline: timeline('new', 'assigned', 'accepted', 'picked_up'), driver: driverAt(MIDWAY), eta: { minutes: 8, stop: 'destination', time: at(2) } }),
      );
      expect(story.phase).toBe('to_you');
      expect(story.eta).toEqual({ kind: 'minutes', minutes: 6, at: NOW + 6 * MIN });
      expect(story.map).toEqual({ showsDriver: true, focus: 'destination' });
    });

    it('before an estimate to the customer, counts the planned ride from the pickup', () => {
      const story = storyOf(input({ state: 'picked_up', timeline: timeline('new', 'assigned', 'accepted', 'picked_up'), driver: driverAt(null) }));
      // picked up 1 min ago, a 12-minute ride
      expect(story.eta).toEqual({ kind: 'minutes', minutes: 11, at: NOW + 11 * MIN });
    });

    it('an estimate counted down to zero reads "any minute now" (0), not a negative or a made-up figure', () => {
      const story = storyOf(input({ state: 'picked_up', timeline: timeline('new', 'picked_up'), driver: driverAt(MIDWAY), eta: { minutes: 3, stop: 'destination', time: at(10) } }));
      expect(story.eta).toEqual({ kind: 'minutes', minutes: 0, at: NOW - 7 * MIN });
    });

    it('regression: "Almost there" never sits beside "about 3 min" with the driver at the door', () => {
      const story = storyOf(
        input({
          state: 'picked_up',
          timeline: timeline('new', 'assigned', 'accepted', 'picked_up', 'near_destination'),
          driver: driverAt(AT_DOOR),
          eta: { minutes: 3, stop: 'destination', time: at(0) },
        }),
      );
      expect(story.phase).toBe('arriving');
      expect(story.eta).toBeNull();
      expect(story.detail).toBe('near_destination');
    });

    it('inside the destination’s geofence before the marker: arriving now, no minutes', () => {
      const story = storyOf(input({ state: 'picked_up', timeline: timeline('new', 'picked_up'), driver: driverAt(AT_DOOR), eta: { minutes: 3, stop: 'destination', time: at(0) } }));
      expect(story.phase).toBe('arriving');
      expect(story.eta).toBeNull();
    });
  });

  describe('finished', () => {
    it('says when it was delivered, and shows no driver', () => {
      const story = storyOf(input({ state: 'delivered', timeline: timeline('new', 'assigned', 'accepted', 'picked_up', 'delivered'), driver: null }));
      expect(story.phase).toBe('delivered');
      expect(story.eta).toEqual({ kind: 'delivered', at: at(1) });
      expect(story.map.showsDriver).toBe(false);
    });

    it('the platform’s review after delivery still reads as delivered', () => {
      expect(storyOf(input({ state: 'qa_qc', timeline: timeline('new', 'delivered', 'qa_qc') })).phase).toBe('delivered');
    });

    it('cancelled and refused: no arrival at all', () => {
      expect(storyOf(input({ state: 'cancelled', timeline: timeline('new', 'cancelled') }))).toMatchObject({ phase: 'cancelled', eta: null });
      expect(storyOf(input({ state: 'dispatch_rejected', timeline: timeline('new', 'dispatch_rejected') }))).toMatchObject({ phase: 'unavailable', eta: null });
    });
  });
});
