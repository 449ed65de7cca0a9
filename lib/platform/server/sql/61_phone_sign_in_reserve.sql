-- The throttle of a driver's PIN sign-in from a device that never signed in as them
-- (lib/platform/server/auth/login-throttle.ts, SECURITY.md for the arithmetic), as one atomic step like
-- login_attempt_reserve: under transaction advisory locks on the phone, the address and the
-- platform's pool of phone sign-ins (in key order), it counts the failures within each limit's
-- window:
-- - the phone's, short (5 in 15 minutes) and over the day (10 in 24 hours): a lockout that grows;
-- - the client address's (every failed sign-in from it, email or phone);
-- - the platform's: every phone's failures together (buckets `phone:…`), a budget that stops a
--   guesser spreading tries over many phones and addresses.
-- Under every limit it records the attempt as a failure of `bucket` at once and returns its id (a
-- successful sign-in deletes the row again); at a limit it records nothing and returns the
-- milliseconds until the attempt could pass and which limit refused it (phone, phone_day, address,
-- platform): the latest one to free up.
CREATE OR REPLACE FUNCTION phone_sign_in_reserve(
  bucket text, address text, attempted_at timestamptz,
  bucket_limit integer, bucket_window_ms integer,
  bucket_day_limit integer, bucket_day_window_ms integer,
  address_limit integer, address_window_ms integer,
  platform_limit integer, platform_window_ms integer
) RETURNS TABLE (attempt_id bigint, retry_after_ms bigint, refused_by text) LANGUAGE plpgsql AS $$
DECLARE
  lock_key bigint;
  latest_free timestamptz;
  refusal text;
  new_id bigint;
BEGIN
  FOR lock_key IN
    SELECT k FROM unnest(ARRAY[
      hashtextextended('dispatch: login bucket ' || bucket, 0),
      hashtextextended('dispatch: login address ' || address, 0),
      hashtextextended('dispatch: login phones', 0)]) k
    ORDER BY k
  LOOP
    PERFORM pg_advisory_xact_lock(lock_key);
  END LOOP;

  -- Each limit frees up when the limit-th newest failure in its window ages out
  -- (58_login_failures_frees_at.sql). The attempt waits for the latest of them; on a tie the one
  -- listed first names the refusal.
  SELECT checks.frees, checks.refused INTO latest_free, refusal
  FROM (VALUES
    (1, 'phone', login_failures_frees_at('bucket', bucket, attempted_at, bucket_limit, bucket_window_ms)),
    (2, 'phone_day', login_failures_frees_at('bucket', bucket, attempted_at, bucket_day_limit, bucket_day_window_ms)),
    (3, 'address', login_failures_frees_at('address', address, attempted_at, address_limit, address_window_ms)),
    (4, 'platform', login_failures_frees_at('bucket_prefix', 'phone:', attempted_at, platform_limit, platform_window_ms))
  ) AS checks(listed, refused, frees)
  WHERE checks.frees IS NOT NULL
  ORDER BY checks.frees DESC, checks.listed
  LIMIT 1;

  IF latest_free IS NOT NULL THEN
    RETURN QUERY SELECT NULL::bigint, ceil(extract(epoch FROM latest_free - attempted_at) * 1000)::bigint, refusal;
    RETURN;
  END IF;
  INSERT INTO login_failures (bucket, address, created_at) VALUES (bucket, address, attempted_at) RETURNING id INTO new_id;
  RETURN QUERY SELECT new_id, NULL::bigint, NULL::text;
END;
$$;
