CREATE TABLE "sys_role_scope" (
	"role_id" bigint NOT NULL,
	"scope_category" integer NOT NULL,
	"scope_id" bigint NOT NULL,
	CONSTRAINT "sys_role_scope_role_id_scope_category_scope_id_pk" PRIMARY KEY("role_id","scope_category","scope_id")
);
--> statement-breakpoint
CREATE TABLE "sys_scope_api" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"menu_id" bigint NOT NULL,
	"resource_code" varchar(50) NOT NULL,
	"scope_name" varchar(100) NOT NULL,
	"scope_path" varchar(255) NOT NULL,
	"scope_type" integer DEFAULT 1 NOT NULL,
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
CREATE TABLE "sys_scope_data" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"menu_id" bigint NOT NULL,
	"resource_code" varchar(50) NOT NULL,
	"scope_name" varchar(100) NOT NULL,
	"scope_type" integer NOT NULL,
	"scope_value" varchar(4000) DEFAULT '' NOT NULL,
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
CREATE TABLE "desk_notice" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"title" varchar(255) NOT NULL,
	"category" integer NOT NULL,
	"release_time" timestamp with time zone NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_region" (
	"code" varchar(12) PRIMARY KEY NOT NULL,
	"parent_code" varchar(12) NOT NULL,
	"ancestors" varchar(100) NOT NULL,
	"name" varchar(64) NOT NULL,
	"region_level" integer NOT NULL,
	"province_code" varchar(12) DEFAULT '' NOT NULL,
	"province_name" varchar(64) DEFAULT '' NOT NULL,
	"city_code" varchar(12) DEFAULT '' NOT NULL,
	"city_name" varchar(64) DEFAULT '' NOT NULL,
	"district_code" varchar(12) DEFAULT '' NOT NULL,
	"district_name" varchar(64) DEFAULT '' NOT NULL,
	"town_code" varchar(12) DEFAULT '' NOT NULL,
	"town_name" varchar(64) DEFAULT '' NOT NULL,
	"village_code" varchar(12) DEFAULT '' NOT NULL,
	"village_name" varchar(64) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_top_menu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"source" varchar(100) DEFAULT '' NOT NULL,
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
CREATE TABLE "sys_top_menu_setting" (
	"top_menu_id" bigint NOT NULL,
	"menu_id" bigint NOT NULL,
	CONSTRAINT "sys_top_menu_setting_top_menu_id_menu_id_pk" PRIMARY KEY("top_menu_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "sys_user_platform" (
	"user_id" bigint NOT NULL,
	"user_type" integer NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_ext" text NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_user_platform_user_id_user_type_pk" PRIMARY KEY("user_id","user_type")
);
--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "oauth_id" varchar(64);--> statement-breakpoint
CREATE INDEX "sys_role_scope_scope_idx" ON "sys_role_scope" USING btree ("scope_id");--> statement-breakpoint
CREATE INDEX "sys_scope_api_tenant_idx" ON "sys_scope_api" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "sys_scope_data_tenant_idx" ON "sys_scope_data" USING btree ("tenant_id","resource_code");--> statement-breakpoint
CREATE INDEX "desk_notice_tenant_release_idx" ON "desk_notice" USING btree ("tenant_id","release_time");--> statement-breakpoint
CREATE INDEX "sys_region_parent_idx" ON "sys_region" USING btree ("parent_code","sort","code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_top_menu_code_uq" ON "sys_top_menu" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "sys_top_menu_setting_menu_idx" ON "sys_top_menu_setting" USING btree ("menu_id");