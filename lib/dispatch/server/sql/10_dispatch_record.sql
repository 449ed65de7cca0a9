-- The dispatch record exactly as the API returns it (GET /ext/dispatch/{id}, the lists, the
-- webhook payloads), as compact JSON in the spec's key order: the one definition of the record.
-- `DispatchRecordSchema` (lib/dispatch/shared/schemas.ts) describes it for the OpenAPI document and
-- lib/dispatch/server/dispatch-record.integration.test.ts holds the two to the same keys. The spec's
-- timestamp shape is `YYYY-MM-DD HH:MM:SS.mmm`, UTC. Records are stored, not rendered on read
-- (trigger `dispatches_render_record`): when this definition changes, `npm run db:migrate`
-- renders every stored record again (lib/platform/server/db/sql-definitions.ts).
--
-- PL/pgSQL, not LANGUAGE sql, for its plan cache: the trigger calls it once per write, each time
-- in a new transaction, and PostgreSQL before 18 parsed and planned a non-inlined SQL function's
-- query anew in every transaction. That made it the create's costliest step in the database
-- (issue 29, PostgreSQL 15, track_functions: 0.74 ms per create, nearly all of it planning, up
-- from 0.57 ms before the fields of issue 19, the live engine and proof of delivery); PL/pgSQL
-- keeps the plan for the session, and a call costs 0.09 ms. The record is the same to the byte.
CREATE OR REPLACE FUNCTION dispatch_record(d dispatches) RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT row_to_json(r) FROM (SELECT
    d.id,
    to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS created_at,
    to_char(d.modified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS modified_at,
    d.r_id,
    d.assigned_driver_id,
    d.pickup,
    d.destination,
    d.user_metadata,
    d.vendor_logo_url,
    d.vendor_id,
    d.vendor_name,
    d.vendor_oid,
    d.vendor_sid,
    d.vendor_bid,
    d.media_url,
    d.vendor_payload,
    d.status_history AS status,
    d.tracking_url,
    -- Who and when are the last `cancelled` entry's, so a cancel made without a reason (the ops
    -- status route, or before reasons existed) shows them too, with a null reason.
    (SELECT row_to_json(c) FROM (SELECT
       d.cancel_reason AS reason,
       d.cancel_reason_text AS reason_text,
       (SELECT row_to_json(b) FROM (SELECT e.entry->>'ref_type' AS ref_type, e.entry->>'ref_id' AS ref_id) b) AS "by",
       e.entry->>'status_captured_time' AS "at",
       -- A failed delivery (reason delivery_failed, picked_up → cancelled by the driver): why, as
       -- the driver reported it; null for any other cancellation.
       CASE WHEN d.failure_reason IS NOT NULL THEN json_build_object('reason', d.failure_reason, 'note', d.failure_note) END AS failure
     FROM json_array_elements(d.status_history) WITH ORDINALITY AS e(entry, position)
     WHERE d.state = 'cancelled' AND e.entry->>'status' = 'cancelled'
     ORDER BY e.position DESC LIMIT 1) c) AS cancellation,
    -- Issue 19's additions, after the spec's keys: the kitchen's ready time, the schedule, the
    -- price and the drop-off details (lib/dispatch/shared/schemas.ts describes each).
    to_char(d.ready_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS ready_at,
    to_char(d.pickup_ready_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS pickup_ready_at,
    to_char(d.dropoff_deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS dropoff_deadline,
    d.pricing,
    d.dropoff_instructions,
    d.contactless,
    d.tip_minor AS tip,
    -- The live engine's plan (lib/engine/server): when the assigned driver is expected at the
    -- pickup, and the trip the dispatch travels in with its place among the trip's drop-offs.
    to_char(d.expected_pickup_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS expected_pickup_at,
    CASE WHEN d.trip_id IS NOT NULL THEN json_build_object('id', d.trip_id, 'position', d.trip_seq) END AS trip,
    -- Where the dispatch is now (the history's last entry may be a near_* marker).
    d.state AS current_status,
    -- How the delivery was confirmed beyond media_url: the customer's PIN checked, the cash collected.
    to_char(d.pin_checked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS pin_checked_at,
    d.cash_collected::float8 AS cash_collected) r);
END;
$$;
