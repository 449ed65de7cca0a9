-- Records a batch of a worker's attempts in one statement (lib/webhooks/server/worker.ts): one round trip
-- and one commit for many deliveries instead of a transaction each. `results` is a JSON array in
-- the order the attempts finished, one object per attempt: id (the delivery), number, started_at,
-- status_code, latency_ms, response_snippet, error, ok, status (pending | succeeded | failed, from
-- the retry schedule in lib/webhooks/server/retry-schedule.ts) and retry_in_ms (when status is pending).
--
-- Each attempt is recorded; a delivery's new state is written only while this worker still holds
-- its lease (a lease that expired was taken over, a removed webhook closed the delivery). The
-- endpoints' health follows the delivery rows written, as each attempt one after the other would
-- leave it; a healthy endpoint is written at most once a second. Finished deliveries release the
-- next event of their dispatch (webhook_release_next), in this transaction.
--
-- Locks are taken in one order by every batch — the deliveries (this worker's own), then the
-- endpoints by id, then the order locks by (endpoint, dispatch) — so that two workers' batches never
-- wait for each other in a cycle. Returns the endpoints this batch disabled, with the reason.
CREATE OR REPLACE FUNCTION webhook_record_attempts(worker_id text, disable_after_ms bigint, results json)
RETURNS TABLE (disabled_endpoint_id text, reason text) LANGUAGE plpgsql AS $$
DECLARE
  recorded json;
BEGIN
  WITH r AS (
    SELECT x.*
    FROM ROWS FROM (json_to_recordset(results) AS (id text, number integer, started_at timestamptz, status_code integer,
                                                   latency_ms integer, response_snippet text, error text, ok boolean,
                                                   status text, retry_in_ms integer))
         WITH ORDINALITY AS x(id, number, started_at, status_code, latency_ms, response_snippet, error, ok, status, retry_in_ms, position)
  ), attempt AS (
    INSERT INTO webhook_attempts (delivery_id, number, started_at, status_code, latency_ms, response_snippet, error, worker_id)
    SELECT r.id, r.number, r.started_at, r.status_code, r.latency_ms, r.response_snippet, r.error, webhook_record_attempts.worker_id
    FROM r ORDER BY r.position
  ), delivery AS (
    UPDATE webhook_deliveries d
    SET attempts = r.number, status = r.status,
        next_attempt_at = CASE WHEN r.status = 'pending' THEN now() + r.retry_in_ms * interval '1 millisecond' ELSE now() END,
        lease_expires_at = NULL, leased_by = NULL, last_status_code = r.status_code, last_error = r.error,
        completed_at = CASE WHEN r.status = 'pending' THEN NULL ELSE now() END
    FROM r
    WHERE d.id = r.id AND d.leased_by = webhook_record_attempts.worker_id AND d.status = 'pending'
    RETURNING d.endpoint_id, d.dispatch_id, d.status, r.ok, r.started_at, r.error, r.position
  )
  SELECT coalesce(json_agg(delivery), '[]') INTO recorded FROM delivery;

  RETURN QUERY
  WITH written AS (
    SELECT w.*, max(w.position) FILTER (WHERE w.ok) OVER (PARTITION BY w.endpoint_id) AS last_success
    FROM json_to_recordset(recorded) AS w(endpoint_id text, dispatch_id text, status text, ok boolean, started_at timestamptz,
                                          error text, position bigint)
  ), health AS (
    SELECT w.endpoint_id,
           bool_or(w.ok) AS any_ok,
           bool_or(NOT w.ok) AS any_failed,
           coalesce(max(w.position) FILTER (WHERE w.ok) = max(w.position), false) AS ends_ok,
           -- failing since the first failure after the batch's last success (or since before the batch)
           min(w.started_at) FILTER (WHERE NOT w.ok AND w.position > coalesce(w.last_success, 0)) AS failing_from,
           (array_agg(w.error ORDER BY w.position DESC) FILTER (WHERE NOT w.ok))[1] AS last_error
    FROM written w GROUP BY w.endpoint_id
  ), locked AS (
    SELECT e.id FROM webhook_endpoints e JOIN health h ON h.endpoint_id = e.id
    -- a healthy endpoint is written at most once a second, not once per batch
    WHERE h.any_failed OR e.failing_since IS NOT NULL OR e.last_success_at IS NULL OR e.last_success_at < now() - interval '1 second'
    ORDER BY e.id
    FOR NO KEY UPDATE OF e
  ), endpoint AS (
    UPDATE webhook_endpoints e
    SET last_success_at = CASE WHEN h.any_ok THEN now() ELSE e.last_success_at END,
        last_failure_at = CASE WHEN h.any_failed THEN now() ELSE e.last_failure_at END,
        failing_since = CASE WHEN h.ends_ok THEN NULL
                             WHEN h.any_ok THEN h.failing_from
                             ELSE coalesce(e.failing_since, h.failing_from) END,
        -- disabled when an attempt fails while the endpoint has been failing for long enough
        disabled_at = CASE WHEN NOT h.any_ok AND e.disabled_at IS NULL AND e.failing_since <= now() - disable_after_ms * interval '1 millisecond'
                           THEN now() ELSE e.disabled_at END,
        disabled_reason = CASE WHEN NOT h.any_ok AND e.disabled_at IS NULL AND e.failing_since <= now() - disable_after_ms * interval '1 millisecond'
                               THEN 'No successful delivery since ' || to_char(e.failing_since AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')
                                    || ' UTC; last error: ' || h.last_error
                               ELSE e.disabled_reason END,
        updated_at = now()
    FROM health h, locked
    WHERE e.id = h.endpoint_id AND locked.id = e.id
    RETURNING e.id, e.disabled_at, e.disabled_reason
  )
  SELECT endpoint.id, endpoint.disabled_reason FROM endpoint WHERE endpoint.disabled_at = now();

  PERFORM webhook_release_next(f.endpoint_id, f.dispatch_id)
  FROM (SELECT DISTINCT w.endpoint_id, w.dispatch_id
        FROM json_to_recordset(recorded) AS w(endpoint_id text, dispatch_id text, status text)
        WHERE w.status <> 'pending' AND w.dispatch_id IS NOT NULL
        ORDER BY w.endpoint_id, w.dispatch_id) f;
END;
$$;
