CREATE TABLE "resource_attach" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"link" varchar(1000) NOT NULL,
	"domain" varchar(255) DEFAULT '' NOT NULL,
	"name" varchar(255) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"extension" varchar(16) NOT NULL,
	"content_type" varchar(128) NOT NULL,
	"attach_size" bigint NOT NULL,
	"category" varchar(16) NOT NULL,
	"oss_id" bigint,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_oss" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"category" integer NOT NULL,
	"oss_code" varchar(64) NOT NULL,
	"endpoint" varchar(255) NOT NULL,
	"domain" varchar(255) DEFAULT '' NOT NULL,
	"access_key" varchar(255) NOT NULL,
	"secret_key_enc" varchar(1000) NOT NULL,
	"bucket_name" varchar(255) NOT NULL,
	"app_id" varchar(255) DEFAULT '' NOT NULL,
	"region" varchar(64) DEFAULT '' NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"enabled" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_sms" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"category" integer NOT NULL,
	"sms_code" varchar(64) NOT NULL,
	"template_id" varchar(64) NOT NULL,
	"access_key" varchar(255) NOT NULL,
	"secret_key_enc" varchar(1000) NOT NULL,
	"region_id" varchar(64) DEFAULT '' NOT NULL,
	"app_id" varchar(64) DEFAULT '' NOT NULL,
	"sign_name" varchar(64) DEFAULT '' NOT NULL,
	"endpoint" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"enabled" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "resource_attach_tenant_time_idx" ON "resource_attach" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "resource_attach_link_idx" ON "resource_attach" USING btree ("link");--> statement-breakpoint
CREATE UNIQUE INDEX "resource_oss_code_uq" ON "resource_oss" USING btree ("tenant_id","oss_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "resource_oss_enabled_uq" ON "resource_oss" USING btree ("tenant_id") WHERE is_deleted = 0 and enabled = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "resource_sms_code_uq" ON "resource_sms" USING btree ("tenant_id","sms_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "resource_sms_enabled_uq" ON "resource_sms" USING btree ("tenant_id") WHERE is_deleted = 0 and enabled = 1;