-- Stores a driver's position with what its positions did to the driver's on-duty dispatches, as
-- lib/fleet/server/drivers/record-driver-position.ts decided it from a snapshot read without locks, in one
-- statement, and only while that snapshot holds: the on-duty dispatches are still exactly the
-- rows it read (`seen_versions`: `id:xmin` in id order; any write to a row changes its xmin).
-- Answers false and writes nothing when they moved on; the caller reads again and decides again.
-- With changes, the dispatches are locked first (then the driver, by the UPDATE): the lock order
-- of every other writer (lib/fleet/server). Each change (its ETA columns, its geofence entries, its
-- events) is written by the one writer of changes, dispatch_change_apply, as every command's is.
-- The driver's position only moves forward in time unless `only_if_newer` is false (the operator
-- API records "now" as given).
-- The positions come oldest first (`lats`, `lngs`, `ats` side by side; the driver keeps the last).
-- While the driver has on-duty dispatches, every position written also goes to the trail
-- (driver_trail, migration 20261127234000_driver_trail): one row per dispatch it served, with that
-- dispatch's state, in this same statement; with `only_if_newer`, only the positions newer than the
-- driver's last one, read under the driver's row lock so a concurrent batch cannot write one twice.
CREATE OR REPLACE FUNCTION driver_positions_apply(for_driver text, seen_versions text, on_duty_states text[],
                                                  lats double precision[], lngs double precision[], ats timestamptz[],
                                                  only_if_newer boolean, changes json, actor_id text)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  versions text;
  served_ids text[];
  served_states text[];
  previous_at timestamptz;
  latest integer := cardinality(ats);
  change record;
BEGIN
  IF json_array_length(changes) = 0 THEN
    SELECT coalesce(string_agg(d.id || ':' || d.xmin::text, ',' ORDER BY d.id), ''), array_agg(d.id ORDER BY d.id),
           array_agg(d.state ORDER BY d.id)
    INTO versions, served_ids, served_states
    FROM dispatches d WHERE d.assigned_driver_id = for_driver AND d.state = ANY(on_duty_states);
  ELSE
    SELECT coalesce(string_agg(locked.id || ':' || locked.version, ',' ORDER BY locked.id), ''), array_agg(locked.id ORDER BY locked.id),
           array_agg(locked.state ORDER BY locked.id)
    INTO versions, served_ids, served_states
    FROM (SELECT d.id, d.state, d.xmin::text AS version FROM dispatches d
          WHERE d.assigned_driver_id = for_driver AND d.state = ANY(on_duty_states)
          ORDER BY d.id FOR UPDATE) locked;
  END IF;
  IF versions <> seen_versions THEN
    RETURN false;
  END IF;
  -- Committed without waiting for the WAL flush. Positions are a stream that repeats itself every
  -- few seconds: a PostgreSQL crash can lose the last fraction of a second of them (a geofence
  -- entry or an ETA with them, atomically with its events), and the driver's next position
  -- decides them again. Waiting for the flush made every position wait for the disk, and a
  -- position with events wait longer: a transaction that NOTIFYs holds PostgreSQL's one
  -- cluster-wide notify lock until its commit is flushed, so those commits queue one flush after
  -- another behind the creates' (bench/results/drivers.md).
  PERFORM set_config('synchronous_commit', 'off', true);
  IF served_ids IS NOT NULL THEN
    IF only_if_newer THEN
      SELECT dr.last_position_at INTO previous_at FROM drivers dr WHERE dr.id = for_driver FOR UPDATE;
    END IF;
    INSERT INTO driver_trail (dispatch_id, recorded_at, driver_id, lat, lng, state)
    SELECT served.id, p.at, for_driver, p.lat, p.lng, served.state
    FROM unnest(lats, lngs, ats) AS p(lat, lng, at), unnest(served_ids, served_states) AS served(id, state)
    WHERE previous_at IS NULL OR p.at > previous_at;
  END IF;
  UPDATE drivers SET last_lat = lats[latest], last_lng = lngs[latest], last_position_at = ats[latest]
  WHERE id = for_driver AND (NOT only_if_newer OR last_position_at IS NULL OR last_position_at < ats[latest]);
  FOR change IN
    SELECT * FROM json_to_recordset(changes) AS c(id text, columns json, changed_at timestamptz, status text,
                                                  event_ids text[], event_types text[])
  LOOP
    PERFORM dispatch_change_apply(change.id, change.columns, change.changed_at, change.status, change.event_ids,
                                  change.event_types, 'driver', actor_id);
  END LOOP;
  RETURN true;
END;
$$;
