-- Orders the decisions about one dispatch's deliveries to one endpoint (holding a new delivery,
-- releasing the next one) within concurrent transactions, so that no delivery stays held by
-- mistake. Held until the end of the caller's transaction.
CREATE OR REPLACE FUNCTION webhook_order_lock(endpoint_id text, dispatch_id text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended(endpoint_id || '/' || dispatch_id, 0))
$$;
