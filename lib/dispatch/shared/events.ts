// The types of dispatch events. Their rows are written by one database function,
// `dispatch_events_append`, and their payloads built by `dispatch_event_payload` (lib/dispatch/server/sql): the
// record at the moment of the event plus `fleet_id`, the driver for driver events and the ETA for
// ETA events.
export const EVENT_TYPES = [
  'dispatch.status_updated',
  'dispatch.driver_assigned',
  'dispatch.destination_updated',
  'dispatch.eta_updated',
  'dispatch.details_updated',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
