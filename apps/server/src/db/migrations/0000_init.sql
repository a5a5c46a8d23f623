CREATE TABLE "auth_session" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"refresh_hash" varchar(64) NOT NULL,
	"previous_refresh_hash" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"refresh_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" varchar(500) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_setting" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_client" (
	"id" bigint PRIMARY KEY NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"client_secret_hash" varchar(255) NOT NULL,
	"scope" varchar(255) DEFAULT 'all' NOT NULL,
	"authorized_grant_types" varchar(255) NOT NULL,
	"web_server_redirect_uri" varchar(1000) DEFAULT '' NOT NULL,
	"access_token_validity" integer DEFAULT 3600 NOT NULL,
	"refresh_token_validity" integer DEFAULT 604800 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dept" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"ancestors" varchar(2000) DEFAULT '0' NOT NULL,
	"dept_category" integer DEFAULT 1 NOT NULL,
	"dept_name" varchar(100) NOT NULL,
	"full_name" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict" (
	"id" bigint PRIMARY KEY NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(100) NOT NULL,
	"dict_key" varchar(100) DEFAULT '' NOT NULL,
	"dict_value" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"is_sealed" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_biz" (
	"id" bigint PRIMARY KEY NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(100) NOT NULL,
	"dict_key" varchar(100) DEFAULT '' NOT NULL,
	"dict_value" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"is_sealed" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"tenant_id" varchar(12) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_menu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"alias" varchar(50) DEFAULT '' NOT NULL,
	"path" varchar(500) DEFAULT '' NOT NULL,
	"source" varchar(100) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"category" integer DEFAULT 1 NOT NULL,
	"action" integer DEFAULT 0 NOT NULL,
	"is_open" integer DEFAULT 1 NOT NULL,
	"i18n" varchar(100) DEFAULT '' NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_param" (
	"id" bigint PRIMARY KEY NOT NULL,
	"param_name" varchar(255) NOT NULL,
	"param_key" varchar(255) NOT NULL,
	"param_value" text NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_post" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"category" integer DEFAULT 1 NOT NULL,
	"post_code" varchar(50) NOT NULL,
	"post_name" varchar(100) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"role_name" varchar(50) NOT NULL,
	"role_alias" varchar(50) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role_menu" (
	"role_id" bigint NOT NULL,
	"menu_id" bigint NOT NULL,
	CONSTRAINT "sys_role_menu_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "sys_tenant" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"tenant_name" varchar(100) NOT NULL,
	"domain" varchar(255) DEFAULT '' NOT NULL,
	"background_url" varchar(1000) DEFAULT '' NOT NULL,
	"linkman" varchar(50) DEFAULT '' NOT NULL,
	"contact_number" varchar(50) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"account_number" integer DEFAULT -1 NOT NULL,
	"expire_time" timestamp with time zone,
	"package_id" bigint,
	"datasource_id" bigint,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"code" varchar(50) DEFAULT '' NOT NULL,
	"user_type" integer DEFAULT 1 NOT NULL,
	"account" varchar(64) NOT NULL,
	"password_hash" varchar(255) NOT NULL,
	"name" varchar(50) DEFAULT '' NOT NULL,
	"real_name" varchar(50) DEFAULT '' NOT NULL,
	"avatar" varchar(1000) DEFAULT '' NOT NULL,
	"email" varchar(100) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"birthday" timestamp with time zone,
	"sex" integer DEFAULT 0 NOT NULL,
	"dept_id" bigint,
	"post_id" bigint,
	"login_fail_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_role" (
	"user_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	CONSTRAINT "sys_user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE INDEX "auth_session_refresh_idx" ON "auth_session" USING btree ("refresh_hash");--> statement-breakpoint
CREATE INDEX "auth_session_prev_refresh_idx" ON "auth_session" USING btree ("previous_refresh_hash");--> statement-breakpoint
CREATE INDEX "auth_session_user_idx" ON "auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_client_client_id_uq" ON "sys_client" USING btree ("client_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "sys_dept_tenant_idx" ON "sys_dept" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "sys_dict_code_idx" ON "sys_dict" USING btree ("code","parent_id");--> statement-breakpoint
CREATE INDEX "sys_dict_biz_code_idx" ON "sys_dict_biz" USING btree ("tenant_id","code","parent_id");--> statement-breakpoint
CREATE INDEX "sys_menu_parent_idx" ON "sys_menu" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_menu_code_uq" ON "sys_menu" USING btree ("code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_param_key_uq" ON "sys_param" USING btree ("param_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "sys_post_tenant_idx" ON "sys_post" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_role_alias_uq" ON "sys_role" USING btree ("tenant_id","role_alias") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "sys_role_menu_menu_idx" ON "sys_role_menu" USING btree ("menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_tenant_tenant_id_uq" ON "sys_tenant" USING btree ("tenant_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_account_uq" ON "sys_user" USING btree ("tenant_id","account") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "sys_user_tenant_idx" ON "sys_user" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "sys_user_role_role_idx" ON "sys_user_role" USING btree ("role_id");