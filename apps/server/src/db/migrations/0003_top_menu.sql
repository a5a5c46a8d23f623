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
CREATE UNIQUE INDEX "sys_top_menu_code_uq" ON "sys_top_menu" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "sys_top_menu_setting_menu_idx" ON "sys_top_menu_setting" USING btree ("menu_id");