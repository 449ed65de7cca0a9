-- A session must die with the credential or the driver that made it, whatever the timing
-- (lib/platform/server/internal/auth/read-session.ts). Deleting the sessions once is not enough: a sign-in that checked
-- the old password a moment earlier inserts its session afterwards. So every change that kills a
-- credential bumps users.credential_version, and a session is accepted only while it carries the
-- version its sign-in read before checking the password. The sessions already open are deleted
-- too (they are dead; this only tidies). Whatever writes the change, the API, an operator or SQL
-- by hand, the rule holds:
-- - users (BEFORE UPDATE): a new password or PIN hash, or the user disabled;
-- - drivers (AFTER UPDATE): the driver deactivated (their sign-in is refused while inactive, and
--   what was open around the deactivation stays dead when they are reactivated).
CREATE OR REPLACE FUNCTION revoke_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    IF NEW.password_hash IS DISTINCT FROM OLD.password_hash OR (NEW.disabled_at IS NOT NULL AND OLD.disabled_at IS NULL) THEN
      NEW.credential_version := OLD.credential_version + 1;
      DELETE FROM sessions WHERE user_id = OLD.id;
    END IF;
    RETURN NEW;
  END IF;
  IF OLD.is_active AND NOT NEW.is_active THEN
    UPDATE users SET credential_version = credential_version + 1 WHERE driver_id = NEW.id;
    DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE driver_id = NEW.id);
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER users_revoke_sessions BEFORE UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION revoke_sessions();

CREATE OR REPLACE TRIGGER drivers_revoke_sessions AFTER UPDATE OF "is_active" ON "drivers"
  FOR EACH ROW EXECUTE FUNCTION revoke_sessions();
