-- The API rate limit (lib/platform/server/internal/rate-limit/take-rate-token.ts): takes up to `wanted` tokens (the
-- requests of the account waiting in one server process, and that process's lease ahead) from the
-- account's bucket, refilled at per_second tokens a second up to burst, in one atomic statement
-- whatever the number of connections and server processes; returns how many it granted (whole
-- tokens only) and the tokens left. `returned` gives back first what the process's expired lease
-- left unused (never beyond burst). The row lock of ON CONFLICT DO UPDATE orders concurrent
-- statements of one account; each sees the tokens the one before it left. The grant is stored with
-- the row because RETURNING sees only the new row. Time is the database's, the one clock every
-- process shares.
-- plpgsql, not sql: its statement is planned once per connection, where a LANGUAGE sql function
-- plans its INSERT on every call (pgbench, 10 clients: 2.2 times the time per call).
CREATE OR REPLACE FUNCTION account_rate_take(account text, per_second integer, burst integer, wanted integer, returned integer)
RETURNS TABLE (granted integer, tokens double precision) LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  INSERT INTO account_rate_buckets AS b (account_id, tokens, granted, updated_at)
  VALUES (account, burst - least(wanted, burst), least(wanted, burst), clock_timestamp())
  ON CONFLICT (account_id) DO UPDATE SET (tokens, granted, updated_at) = (
    SELECT refill.tokens - least(wanted, floor(refill.tokens)),
           least(wanted, floor(refill.tokens))::integer,
           greatest(b.updated_at, excluded.updated_at)
    FROM (SELECT least(burst::double precision,
                       b.tokens + returned
                       + per_second * greatest(0, extract(epoch FROM excluded.updated_at - b.updated_at))::double precision) AS tokens) refill
  )
  RETURNING b.granted, b.tokens;
END;
$$;
