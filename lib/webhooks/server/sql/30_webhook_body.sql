-- The body of a webhook, compact JSON: { type, id, timestamp (ISO 8601, UTC), sequence, payload }.
-- The one definition of the envelope, used by the fan-out of dispatch events and by the pings
-- (lib/webhooks: "send test event", the registration check). Signatures are over these bytes.
CREATE OR REPLACE FUNCTION webhook_body(type text, id text, at timestamptz, sequence integer, payload json)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(b)::text FROM (SELECT
    type,
    id,
    to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS timestamp,
    sequence,
    payload) b
$$;
