-- The per-dispatch order of webhooks, decided here and nowhere else: a delivery of a dispatch's
-- event must wait while an earlier event of the same dispatch is still pending at the same
-- endpoint. The fan-out holds a new delivery by it, webhook_release_next releases by it, and the
-- workers lease (and sweep stranded holds) by it (lib/webhooks/server/worker.ts). A delivery of no
-- dispatch (a ping) never waits.
CREATE OR REPLACE FUNCTION webhook_must_wait(endpoint_id text, dispatch_id text, sequence integer)
RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM webhook_deliveries p
                 WHERE p.endpoint_id = webhook_must_wait.endpoint_id AND p.dispatch_id = webhook_must_wait.dispatch_id
                   AND p.status = 'pending' AND p.sequence < webhook_must_wait.sequence);
END;
$$;
