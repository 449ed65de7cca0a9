-- The sign-in throttle's decision (lib/platform/server/auth/login-throttle.ts) as one atomic step, whatever the
-- number of connections and server processes: under a transaction advisory lock per key it counts
-- the failures of `bucket` (an email, or `device:<id>` for a known device) and, unless
-- address_limit is null, of `address` within the window. Under both limits it records the attempt
-- as a failure at once and returns its id (a successful sign-in deletes the row again); at either
-- limit it records nothing and returns the milliseconds until a counted failure ages out.
-- Counting and then recording in two statements let a burst of concurrent attempts all pass.
CREATE OR REPLACE FUNCTION login_attempt_reserve(
  bucket text, bucket_limit integer, address text, address_limit integer, window_ms integer, attempted_at timestamptz
) RETURNS TABLE (attempt_id bigint, retry_after_ms bigint) LANGUAGE plpgsql AS $$
DECLARE
  window_length constant interval := window_ms * interval '1 millisecond';
  lock_key bigint;
  bucket_full_since timestamptz;
  address_full_since timestamptz;
  full_since timestamptz;
  new_id bigint;
BEGIN
  -- In key order: two attempts never each hold the lock the other one waits for.
  FOR lock_key IN
    SELECT k FROM unnest(ARRAY[hashtextextended('dispatch: login bucket ' || bucket, 0)]
                         || CASE WHEN address_limit IS NULL THEN ARRAY[]::bigint[]
                                 ELSE ARRAY[hashtextextended('dispatch: login address ' || address, 0)] END) k
    ORDER BY k
  LOOP
    PERFORM pg_advisory_xact_lock(lock_key);
  END LOOP;
  -- The limit-th newest failure in the window: once it ages out, the count is under the limit.
  SELECT f.created_at INTO bucket_full_since FROM login_failures f
  WHERE f.bucket = login_attempt_reserve.bucket AND f.created_at >= attempted_at - window_length
  ORDER BY f.created_at DESC OFFSET bucket_limit - 1 LIMIT 1;
  IF address_limit IS NOT NULL THEN
    SELECT f.created_at INTO address_full_since FROM login_failures f
    WHERE f.address = login_attempt_reserve.address AND f.created_at >= attempted_at - window_length
    ORDER BY f.created_at DESC OFFSET address_limit - 1 LIMIT 1;
  END IF;
  full_since := greatest(bucket_full_since, address_full_since);
  IF full_since IS NOT NULL THEN
    RETURN QUERY SELECT NULL::bigint, ceil(extract(epoch FROM full_since + window_length - attempted_at) * 1000)::bigint;
    RETURN;
  END IF;
  INSERT INTO login_failures (bucket, address, created_at) VALUES (bucket, address, attempted_at) RETURNING id INTO new_id;
  RETURN QUERY SELECT new_id, NULL::bigint;
END;
$$;
