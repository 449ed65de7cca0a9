-- Stores a driver's position with what its positions did to the driver's on-duty dispatches, as
-- lib/drivers/record-driver-position.ts decided it from a snapshot read without locks, in one
-- statement, and only while that snapshot holds: the on-duty dispatches are still exactly the
-- rows it read (`seen_versions`: `id:xmin` in id order; any write to a row changes its xmin).
-- Answers false and writes nothing when they moved on; the caller reads again and decides again.
-- With changes, the dispatches are locked first (then the driver, by the UPDATE): the lock order
-- of every other writer (lib/offers). A change is written as lib/dispatches/apply-change.ts
-- writes one: its columns, modified_at, event_seq counting its events, and the events through the
-- one writer of events, dispatch_events_append. The driver's position only moves forward in time
-- unless `only_if_newer` is false (the operator API records "now" as given).
CREATE OR REPLACE FUNCTION driver_positions_apply(for_driver text, seen_versions text, on_duty_states text[],
                                                  new_lat double precision, new_lng double precision, new_at timestamptz,
                                                  only_if_newer boolean, changes json, actor_id text)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  versions text;
  change record;
  changed dispatches;
BEGIN
  IF json_array_length(changes) = 0 THEN
    SELECT coalesce(string_agg(d.id || ':' || d.xmin::text, ',' ORDER BY d.id), '') INTO versions
    FROM dispatches d WHERE d.assigned_driver_id = for_driver AND d.state = ANY(on_duty_states);
  ELSE
    SELECT coalesce(string_agg(locked.id || ':' || locked.version, ',' ORDER BY locked.id), '') INTO versions
    FROM (SELECT d.id, d.xmin::text AS version FROM dispatches d
          WHERE d.assigned_driver_id = for_driver AND d.state = ANY(on_duty_states)
          ORDER BY d.id FOR UPDATE) locked;
  END IF;
  IF versions <> seen_versions THEN
    RETURN false;
  END IF;
  UPDATE drivers SET last_lat = new_lat, last_lng = new_lng, last_position_at = new_at
  WHERE id = for_driver AND (NOT only_if_newer OR last_position_at IS NULL OR last_position_at < new_at);
  FOR change IN
    SELECT * FROM json_to_recordset(changes) AS c(id text, eta_minutes integer, eta_stop text, eta_updated_at timestamptz,
                                                  status_history json, modified_at timestamptz, event_ids text[], event_types text[])
  LOOP
    UPDATE dispatches d
    SET eta_minutes = CASE WHEN change.eta_updated_at IS NULL THEN d.eta_minutes ELSE change.eta_minutes END,
        eta_stop = CASE WHEN change.eta_updated_at IS NULL THEN d.eta_stop ELSE change.eta_stop END,
        eta_updated_at = coalesce(change.eta_updated_at, d.eta_updated_at),
        status_history = coalesce(change.status_history, d.status_history),
        modified_at = change.modified_at,
        event_seq = d.event_seq + cardinality(change.event_types)
    WHERE d.id = change.id
    RETURNING d.* INTO changed;
    PERFORM dispatch_events_append(changed, change.event_ids, change.event_types, 'driver', actor_id);
  END LOOP;
  RETURN true;
END;
$$;
