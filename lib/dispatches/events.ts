import type { DispatchRecord } from '@/lib/dispatches/schemas';

export const EVENT_TYPES = [
  'dispatch.status_updated',
  'dispatch.driver_assigned',
  'dispatch.destination_updated',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export interface EventDriver {
  id: string;
  name: string;
  phone: string | null;
  fleetId: string | null;
}

/**
 * The `payload` of a webhook: the dispatch record as `GET /ext/dispatch/{id}` returned it at the
 * moment of the event, plus `fleet_id`, and the driver for driver events.
 */
export function buildEventPayload(type: EventType, record: DispatchRecord, driver: EventDriver | null) {
  return {
    ...record,
    fleet_id: driver?.fleetId ?? null,
    ...(type === 'dispatch.driver_assigned' && driver
      ? { driver: { id: driver.id, name: driver.name, phone: driver.phone, fleet_id: driver.fleetId } }
      : {}),
  };
}
