-- Outbox fan-out: every dispatch event becomes a delivery to the account's current endpoint, in
-- the transaction that wrote the event (no event without its delivery, no delivery without its
-- change), and wakes the workers at commit. A disabled endpoint still receives deliveries: they
-- wait as pending until it is enabled again. A delivery that must wait for an earlier one of its
-- dispatch is written held. Its id starts with the event's sequence (8 hex digits) before 24
-- random ones, so deliveries of one transaction (same created_at) list in event order.
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
            webhook_must_wait(endpoint.id, NEW.dispatch_id, NEW.sequence),
            NEW.created_at, NEW.created_at);
    delivered := true;
  END LOOP;
  IF delivered THEN
    PERFORM webhook_wake_workers();
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER dispatch_events_fan_out AFTER INSERT ON "dispatch_events"
  FOR EACH ROW EXECUTE FUNCTION dispatch_events_fan_out();
