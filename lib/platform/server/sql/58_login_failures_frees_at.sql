-- When one limit of the sign-in throttle frees up (60_login_attempt_reserve.sql,
-- 61_phone_sign_in_reserve.sql): the limit-th newest failure within the window, plus the window;
-- once that failure ages out, the count is under the limit. NULL while the count is under it.
-- The failures counted are one bucket's, one client address's, or those of every bucket that starts
-- with a prefix (`phone:`, the platform's pool of phone sign-ins). Each is its own statement so
-- that each plan, custom or generic, keeps its index: (bucket, created_at), (address, created_at),
-- created_at (a prefix of the C.UTF-8 collation is no index condition).
CREATE OR REPLACE FUNCTION login_failures_frees_at(
  counted text, key text, attempted_at timestamptz, failure_limit integer, window_ms integer
) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
DECLARE
  window_length constant interval := window_ms * interval '1 millisecond';
  full_since timestamptz;
BEGIN
  CASE counted
    WHEN 'bucket' THEN
      SELECT f.created_at INTO full_since FROM login_failures f
      WHERE f.bucket = key AND f.created_at >= attempted_at - window_length
      ORDER BY f.created_at DESC OFFSET failure_limit - 1 LIMIT 1;
    WHEN 'address' THEN
      SELECT f.created_at INTO full_since FROM login_failures f
      WHERE f.address = key AND f.created_at >= attempted_at - window_length
      ORDER BY f.created_at DESC OFFSET failure_limit - 1 LIMIT 1;
    WHEN 'bucket_prefix' THEN
      SELECT f.created_at INTO full_since FROM login_failures f
      WHERE starts_with(f.bucket, key) AND f.created_at >= attempted_at - window_length
      ORDER BY f.created_at DESC OFFSET failure_limit - 1 LIMIT 1;
  END CASE;
  RETURN full_since + window_length;
END;
$$;
