CREATE TABLE "desk_notice_read" (
	"tenant_id" varchar(12) NOT NULL,
	"notice_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"read_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desk_notice_read_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "log_error" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"service_id" varchar(32) DEFAULT 'web' NOT NULL,
	"type" varchar(32) NOT NULL,
	"url" varchar(2000) DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"stack" text DEFAULT '' NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"client_time" varchar(32) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_social_provider" (
	"id" bigint PRIMARY KEY NOT NULL,
	"source" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"preset" varchar(16) DEFAULT 'generic' NOT NULL,
	"authorize_url" varchar(500) DEFAULT '' NOT NULL,
	"token_url" varchar(500) DEFAULT '' NOT NULL,
	"user_info_url" varchar(500) DEFAULT '' NOT NULL,
	"client_id" varchar(255) NOT NULL,
	"client_secret_enc" text NOT NULL,
	"scope" varchar(255) DEFAULT '' NOT NULL,
	"redirect_uri" varchar(500) NOT NULL,
	"id_field" varchar(64) DEFAULT '' NOT NULL,
	"username_field" varchar(64) DEFAULT '' NOT NULL,
	"name_field" varchar(64) DEFAULT '' NOT NULL,
	"avatar_field" varchar(64) DEFAULT '' NOT NULL,
	"email_field" varchar(64) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
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
CREATE TABLE "auth_user_oauth" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"source" varchar(32) NOT NULL,
	"uuid" varchar(128) NOT NULL,
	"username" varchar(128) DEFAULT '' NOT NULL,
	"nickname" varchar(128) DEFAULT '' NOT NULL,
	"avatar" varchar(1000) DEFAULT '' NOT NULL,
	"email" varchar(255) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "desk_notice_read_user_idx" ON "desk_notice_read" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "log_error_tenant_time_idx" ON "log_error" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_social_provider_source_uq" ON "sys_social_provider" USING btree ("source") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_user_oauth_identity_uq" ON "auth_user_oauth" USING btree ("tenant_id","source","uuid");--> statement-breakpoint
CREATE INDEX "auth_user_oauth_user_idx" ON "auth_user_oauth" USING btree ("user_id");--> statement-breakpoint
-- The sign-in page's client may use the social grant (a provider must still be configured before it does anything).
UPDATE "sys_client" SET "authorized_grant_types" = "authorized_grant_types" || ',social' WHERE "client_id" = 'saber' AND "is_deleted" = 0 AND "authorized_grant_types" NOT LIKE '%social%';
