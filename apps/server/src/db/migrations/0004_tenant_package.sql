CREATE TABLE "sys_tenant_package" (
	"id" bigint PRIMARY KEY NOT NULL,
	"package_name" varchar(100) NOT NULL,
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
CREATE TABLE "sys_tenant_package_menu" (
	"package_id" bigint NOT NULL,
	"menu_id" bigint NOT NULL,
	CONSTRAINT "sys_tenant_package_menu_package_id_menu_id_pk" PRIMARY KEY("package_id","menu_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_tenant_package_name_uq" ON "sys_tenant_package" USING btree ("package_name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "sys_tenant_package_menu_menu_idx" ON "sys_tenant_package_menu" USING btree ("menu_id");