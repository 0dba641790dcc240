-- Every change to a user or a session tells the app servers listening on auth_changed whose
-- sessions to read again (the session cache, docs/decisions/session-cache.md). NOTIFY is sent at
-- commit; identical payloads in one transaction are sent once.
CREATE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('auth_changed', OLD.id::text);
  ELSE
    PERFORM pg_notify('auth_changed', OLD.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_auth_changed();
