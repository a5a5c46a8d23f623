CREATE TABLE "practical_inspection" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"paper_id" bigint NOT NULL,
	"point_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"kind" varchar(10) DEFAULT 'measure' NOT NULL,
	"method" varchar(200) DEFAULT '' NOT NULL,
	"instrument" varchar(50) DEFAULT '' NOT NULL,
	"resolution" varchar(16),
	"nominal" varchar(16),
	"unit" varchar(10) DEFAULT '' NOT NULL,
	"lower_deviation" varchar(16),
	"upper_deviation" varchar(16),
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"weight" numeric(6, 2) DEFAULT 1 NOT NULL,
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
CREATE TABLE "practical_paper" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"title" varchar(100) NOT NULL,
	"discipline" varchar(10) DEFAULT '' NOT NULL,
	"task" text DEFAULT '' NOT NULL,
	"safety" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"total_score" numeric(7, 1) DEFAULT 0 NOT NULL,
	"pass_score" numeric(7, 1) DEFAULT 0 NOT NULL,
	"is_public" integer DEFAULT 0 NOT NULL,
	"source_id" bigint DEFAULT '0' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practical_paper_permission" (
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
CREATE TABLE "practical_point" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"paper_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"requirement" text DEFAULT '' NOT NULL,
	"score" numeric(7, 1) DEFAULT 0 NOT NULL,
	"rule" varchar(16) DEFAULT 'proportional' NOT NULL,
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_score" numeric(7, 1),
	"max_score" numeric(7, 1),
	"critical" integer DEFAULT 0 NOT NULL,
	"evidence_required" integer DEFAULT 0 NOT NULL,
	"flag_ids" text[] DEFAULT '{}'::text[] NOT NULL,
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
CREATE INDEX "practical_inspection_point_idx" ON "practical_inspection" USING btree ("paper_id","point_id","sort") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "practical_paper_owner_idx" ON "practical_paper" USING btree ("tenant_id","create_user") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "practical_paper_public_idx" ON "practical_paper" USING btree ("tenant_id","is_public") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "practical_paper_permission_grantee_uq" ON "practical_paper_permission" USING btree ("paper_id","grantee_type","grantee_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "practical_paper_permission_grantee_idx" ON "practical_paper_permission" USING btree ("tenant_id","grantee_type","grantee_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "practical_point_paper_idx" ON "practical_point" USING btree ("paper_id","sort") WHERE is_deleted = 0;