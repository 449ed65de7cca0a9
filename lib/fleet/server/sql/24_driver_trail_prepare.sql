-- Makes sure the trail (driver_trail) has a partition for every UTC day from `first_day` to
-- `last_day`, and for every day whose rows sit in the DEFAULT partition: answers how many it made.
-- Called ahead of time by the migration and hourly by housekeeping
-- (lib/edge/server/internal/housekeeping/rotate-trail-partitions.ts), so an insert finds its day's partition; the
-- DEFAULT partition only catches what arrives when housekeeping has not run for days.
-- A partition is a plain table attached afterwards (ATTACH takes a SHARE UPDATE EXCLUSIVE lock on
-- driver_trail, so positions keep being written; CREATE TABLE … PARTITION OF would block them).
-- A day found in the DEFAULT partition has its rows moved into the new table first: PostgreSQL
-- refuses to attach a range the DEFAULT partition still holds rows of.
CREATE OR REPLACE FUNCTION driver_trail_prepare(first_day date, last_day date)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  day date;
  part text;
  low text;
  high text;
  made integer := 0;
BEGIN
  FOR day IN
    SELECT planned::date FROM generate_series(first_day::timestamp, last_day::timestamp, interval '1 day') AS planned
    UNION
    SELECT DISTINCT (t.recorded_at AT TIME ZONE 'UTC')::date FROM driver_trail_default t
    ORDER BY 1
  LOOP
    part := 'driver_trail_' || to_char(day, 'YYYYMMDD');
    CONTINUE WHEN to_regclass(part) IS NOT NULL;
    low := to_char(day, 'YYYY-MM-DD') || ' 00:00:00+00';
    high := to_char(day + 1, 'YYYY-MM-DD') || ' 00:00:00+00';
    EXECUTE format('CREATE TABLE %I (LIKE driver_trail)', part);
    EXECUTE format('WITH moved AS (DELETE FROM driver_trail_default WHERE recorded_at >= %L AND recorded_at < %L RETURNING *) '
                   'INSERT INTO %I SELECT * FROM moved', low, high, part);
    EXECUTE format('ALTER TABLE driver_trail ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, low, high);
    made := made + 1;
  END LOOP;
  RETURN made;
END;
$$;
