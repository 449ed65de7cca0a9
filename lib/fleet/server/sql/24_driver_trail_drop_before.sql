-- Drops the trail's day partitions (driver_trail_YYYYMMDD) of the days before `first_kept`: whole
-- tables, never rows one by one, so retention costs the same whatever the fleet's size. Answers
-- the tables it dropped. Housekeeping calls it hourly with the first day POSITION_RETENTION_DAYS
-- keeps (lib/edge/server/internal/housekeeping/rotate-trail-partitions.ts); rows of older days that were caught by the
-- DEFAULT partition are moved into partitions of their own by driver_trail_prepare first.
CREATE OR REPLACE FUNCTION driver_trail_drop_before(first_kept date)
RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  dropped text[];
  part text;
BEGIN
  SELECT coalesce(array_agg(c.relname::text ORDER BY c.relname), '{}') INTO dropped
  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
  WHERE i.inhparent = 'driver_trail'::regclass AND c.relname ~ '^driver_trail_[0-9]{8}$'
    AND to_date(right(c.relname, 8), 'YYYYMMDD') < first_kept;
  FOREACH part IN ARRAY dropped LOOP
    EXECUTE format('DROP TABLE %I', part);
  END LOOP;
  RETURN dropped;
END;
$$;
