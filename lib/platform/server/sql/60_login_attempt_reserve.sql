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
  lock_key bigint;
  frees_at timestamptz;
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
  -- When the limits free up (58_login_failures_frees_at.sql): NULL while the count is under both.
  frees_at := greatest(
    login_failures_frees_at('bucket', bucket, attempted_at, bucket_limit, window_ms),
    CASE WHEN address_limit IS NOT NULL THEN login_failures_frees_at('address', address, attempted_at, address_limit, window_ms) END);
  IF frees_at IS NOT NULL THEN
    RETURN QUERY SELECT NULL::bigint, ceil(extract(epoch FROM frees_at - attempted_at) * 1000)::bigint;
    RETURN;
  END IF;
  INSERT INTO login_failures (bucket, address, created_at) VALUES (bucket, address, attempted_at) RETURNING id INTO new_id;
  RETURN QUERY SELECT new_id, NULL::bigint;
END;
$$;
