CREATE TABLE "paper_permission" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"paper_id" bigint NOT NULL,
	"grantee_type" varchar(10) NOT NULL,
	"grantee_id" bigint NOT NULL,
	"access" varchar(10) DEFAULT 'read' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "paper_permission_grantee_uq" ON "paper_permission" USING btree ("paper_id","grantee_type","grantee_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "paper_permission_grantee_idx" ON "paper_permission" USING btree ("tenant_id","grantee_type","grantee_id") WHERE is_deleted = 0;