-- A sign-in no longer tells every instance to forget the user's cached sessions (migration 0010): its writes change
-- nothing a principal is read from. Counting failed attempts (login_fail_count, locked_until) is skipped, and so is a
-- new session (no instance can hold it yet); a changed or removed session, and every other change of a user, still
-- notify. Each such NOTIFY cost a sign-in about half a millisecond of the database's time, three times over.
DROP TRIGGER sys_user_auth_changed ON sys_user;
--> statement-breakpoint
CREATE TRIGGER sys_user_auth_changed AFTER INSERT OR DELETE ON sys_user
  FOR EACH ROW EXECUTE FUNCTION shixun_auth_user_changed('id');
--> statement-breakpoint
CREATE TRIGGER sys_user_auth_updated AFTER UPDATE ON sys_user
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'login_fail_count' - 'locked_until') IS DISTINCT FROM (to_jsonb(NEW) - 'login_fail_count' - 'locked_until'))
  EXECUTE FUNCTION shixun_auth_user_changed('id');
--> statement-breakpoint
DROP TRIGGER auth_session_auth_changed ON auth_session;
--> statement-breakpoint
CREATE TRIGGER auth_session_auth_changed AFTER UPDATE OR DELETE ON auth_session
  FOR EACH ROW EXECUTE FUNCTION shixun_auth_user_changed('user_id');
