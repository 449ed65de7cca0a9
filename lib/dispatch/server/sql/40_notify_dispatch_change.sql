-- Live pages: every dispatch event is announced at commit on `dispatch_changes` as
-- `<account_id> <dispatch_id> <sequence> <type>`; each server relays its accounts' events to the
-- browsers it serves (lib/dispatch/server/live/dispatch-changes.ts, DISPATCH_CHANGES_CHANNEL), so any instance
-- sees any instance's writes.
CREATE OR REPLACE FUNCTION notify_dispatch_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dispatch_changes', NEW.account_id || ' ' || NEW.dispatch_id || ' ' || NEW.sequence || ' ' || NEW.type);
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER dispatch_events_notify_change AFTER INSERT ON "dispatch_events"
  FOR EACH ROW EXECUTE FUNCTION notify_dispatch_change();
