import type { DispatchRecord } from '@/lib/dispatches/schemas';

export const EVENT_TYPES = [
  'dispatch.status_updated',
  'dispatch.driver_assigned',
  'dispatch.destination_updated',
  'dispatch.eta_updated',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export interface EventDriver {
  id: string;
  name: string;
  phone: string | null;
  fleetId: string | null;
}

/** The ETA an `dispatch.eta_updated` event announces: minutes from `at` to the driver's next stop. */
export type EventEta = {
  stop: 'pickup' | 'destination';
  minutes: number;
  at: string;
};

/**
 * The `payload` of a webhook: the dispatch record as `GET /ext/dispatch/{id}` returned it at the
 * moment of the event, plus `fleet_id`, the driver for driver events and the ETA for ETA events.
 */
export function buildEventPayload(type: EventType, record: DispatchRecord, driver: EventDriver | null, eta?: EventEta | null) {
  return {
    ...record,
    fleet_id: driver?.fleetId ?? null,
    ...(type === 'dispatch.driver_assigned' && driver
      ? { driver: { id: driver.id, name: driver.name, phone: driver.phone, fleet_id: driver.fleetId } }
      : {}),
    ...(type === 'dispatch.eta_updated' && eta ? { eta } : {}),
  };
}
