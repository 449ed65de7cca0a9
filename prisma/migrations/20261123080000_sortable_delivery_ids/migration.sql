-- Deliveries of one transaction (an assignment writes `dispatch.driver_assigned` and
-- `dispatch.status_updated` together) share their event's created_at, and lists order by
-- (created_at, id): with random ids they came out in random order. A delivery id now starts with
-- its event's sequence (8 hex digits) before 24 random ones, so ties sort in event order.
-- The function is restated whole (migrations are append-only); only the id expression changed.
CREATE OR REPLACE FUNCTION dispatch_events_fan_out() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  endpoint record;
  delivered boolean := false;
BEGIN
  FOR endpoint IN SELECT e.id FROM webhook_endpoints e WHERE e.account_id = NEW.account_id AND e.is_active LOOP
    PERFORM webhook_order_lock(endpoint.id, NEW.dispatch_id);
    INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, dispatch_id, sequence, body,
                                    held, next_attempt_at, created_at)
    VALUES ('whd_' || lpad(to_hex(COALESCE(NEW.sequence, 0)), 8, '0') || left(replace(gen_random_uuid()::text, '-', ''), 24),
            NEW.account_id, endpoint.id, NEW.id, NEW.type,
            NEW.dispatch_id, NEW.sequence, webhook_body(NEW.type, NEW.id, NEW.created_at, NEW.sequence, NEW.payload),
            EXISTS (SELECT 1 FROM webhook_deliveries p
                    WHERE p.endpoint_id = endpoint.id AND p.dispatch_id = NEW.dispatch_id AND p.status = 'pending'),
            NEW.created_at, NEW.created_at);
    delivered := true;
  END LOOP;
  IF delivered THEN
    PERFORM pg_notify('webhook_deliveries', '');
  END IF;
  RETURN NULL;
END;
$$;
