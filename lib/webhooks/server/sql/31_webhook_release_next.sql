-- Called in the transaction that finishes a delivery (or reopens one), and by the workers' sweep
-- for stranded holds: releases the held delivery of this dispatch and endpoint that need not wait
-- any more. Only the earliest pending one can be free to go; webhook_must_wait says whether it is.
CREATE OR REPLACE FUNCTION webhook_release_next(endpoint_id text, dispatch_id text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_order_lock(endpoint_id, dispatch_id);
  UPDATE webhook_deliveries d SET held = false, next_attempt_at = now()
  WHERE d.id = (SELECT n.id FROM webhook_deliveries n
                WHERE n.endpoint_id = webhook_release_next.endpoint_id AND n.dispatch_id = webhook_release_next.dispatch_id
                  AND n.status = 'pending'
                ORDER BY n.sequence LIMIT 1)
    AND d.held AND NOT webhook_must_wait(d.endpoint_id, d.dispatch_id, d.sequence);
END;
$$;
