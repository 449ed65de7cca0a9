-- Every server instance caches API-key lookups (lib/platform/server/auth/caller-cache.ts, AUTH_CHANGES_CHANNEL)
-- and evicts an entry when its key or account changes. The NOTIFY is sent on commit, with the
-- change, whatever wrote it: the API, an operator, or SQL by hand.
CREATE OR REPLACE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'api_keys' THEN
    PERFORM pg_notify('auth_changes', 'key:' || OLD.hash);
  ELSE
    PERFORM pg_notify('auth_changes', 'account:' || OLD.id);
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER api_keys_notify_auth_change AFTER UPDATE OR DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();

CREATE OR REPLACE TRIGGER accounts_notify_auth_change AFTER UPDATE OR DELETE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
