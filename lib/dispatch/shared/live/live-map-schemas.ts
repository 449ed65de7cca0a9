import { z } from 'zod';
import { LifecycleStatusSchema } from '@/lib/dispatch/shared/transitions/statuses';

/** How many drivers and dispatches the live map shows at most (the most recent ones). */
export const LIVE_MAP_LIMIT = 500;

export const MapDriverSchema = z.object({
  id: z.string(),
  name: z.string(),
  fleet_name: z.string().nullable(),
  is_sandbox: z.boolean(),
  lat: z.number(),
  lng: z.number(),
  /** When the position was reported (`YYYY-MM-DD HH:MM:SS.mmm`, UTC). */
  at: z.string(),
  /**
   * Sent ahead by the dispatch engine to a pickup to wait for the food (an accepted `commit`
   * trip whose orders are neither ready nor picked up): where, and when the food is expected.
   */
  waiting: z.object({ trip_id: z.string(), pickup: z.object({ lat: z.number(), lng: z.number() }), ready_at: z.string() }).nullable(),
});
export type MapDriver = z.infer<typeof MapDriverSchema>;

export const MapDispatchSchema = z.object({
  id: z.string(),
  r_id: z.string(),
  vendor_oid: z.string(),
  state: LifecycleStatusSchema,
  account_id: z.string(),
  account_name: z.string(),
  assigned_driver_id: z.string().nullable(),
  pickup: z.object({ lat: z.number(), lng: z.number() }),
  destination: z.object({ lat: z.number(), lng: z.number() }),
  created_at: z.string(),
  /** The engine's trip (bundle) it travels in, its drop-off's place (0 first) and the trip's size; null before a driver accepted. */
  trip: z.object({ id: z.string(), position: z.int(), size: z.int() }).nullable(),
});
export type MapDispatch = z.infer<typeof MapDispatchSchema>;

/** `GET /api/admin/live-map`: active drivers with a position, and open dispatches. */
export interface LiveMapView {
  drivers: MapDriver[];
  dispatches: MapDispatch[];
  /** The server's clock when read: ages are measured from it, not from the browser's clock. */
  now: string;
}
