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
CREATE INDEX "desk_notice_tenant_release_idx" ON "desk_notice" USING btree ("tenant_id","release_time");--> statement-breakpoint
CREATE INDEX "sys_region_parent_idx" ON "sys_region" USING btree ("parent_code","sort","code");