-- Sessions' cached principals follow the tables they are read from (core/access/session-cache.ts): a committed
-- change NOTIFYs 'shixun_auth' with '<schema> user:<id>' for a user's own rows, '<schema> *' for anything wider.
-- NOTIFY is transactional (sent at commit, never for a rollback) and reaches every instance on this database.
CREATE OR REPLACE FUNCTION shixun_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shixun_auth', current_schema() || ' *');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shixun_auth_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('shixun_auth', current_schema() || ' user:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('shixun_auth', current_schema() || ' user:' || (to_jsonb(NEW) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sys_role_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_role
  FOR EACH STATEMENT EXECUTE FUNCTION shixun_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_role_menu_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_role_menu
  FOR EACH STATEMENT EXECUTE FUNCTION shixun_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_menu_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_menu
  FOR EACH STATEMENT EXECUTE FUNCTION shixun_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_tenant_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_tenant
  FOR EACH STATEMENT EXECUTE FUNCTION shixun_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_tenant_package_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_tenant_package
  FOR EACH STATEMENT EXECUTE FUNCTION shixun_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_tenant_package_menu_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_tenant_package_menu
  FOR EACH STATEMENT EXECUTE FUNCTION shixun_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_scope_data_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_scope_data
  FOR EACH STATEMENT EXECUTE FUNCTION shixun_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_scope_api_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_scope_api
  FOR EACH STATEMENT EXECUTE FUNCTION shixun_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_role_scope_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_role_scope
  FOR EACH STATEMENT EXECUTE FUNCTION shixun_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_dept_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_dept
  FOR EACH STATEMENT EXECUTE FUNCTION shixun_auth_changed();
--> statement-breakpoint
CREATE TRIGGER exam_teacher_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exam_teacher
  FOR EACH STATEMENT EXECUTE FUNCTION shixun_auth_changed();
--> statement-breakpoint
CREATE TRIGGER exam_teacher_rela_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exam_teacher_rela
  FOR EACH STATEMENT EXECUTE FUNCTION shixun_auth_changed();
--> statement-breakpoint
CREATE TRIGGER exam_clazz_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exam_clazz
  FOR EACH STATEMENT EXECUTE FUNCTION shixun_auth_changed();
--> statement-breakpoint
CREATE TRIGGER exam_student_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exam_student
  FOR EACH STATEMENT EXECUTE FUNCTION shixun_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_user_auth_changed AFTER INSERT OR UPDATE OR DELETE ON sys_user
  FOR EACH ROW EXECUTE FUNCTION shixun_auth_user_changed('id');
--> statement-breakpoint
CREATE TRIGGER sys_user_role_auth_changed AFTER INSERT OR UPDATE OR DELETE ON sys_user_role
  FOR EACH ROW EXECUTE FUNCTION shixun_auth_user_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER auth_session_auth_changed AFTER INSERT OR UPDATE OR DELETE ON auth_session
  FOR EACH ROW EXECUTE FUNCTION shixun_auth_user_changed('user_id');
