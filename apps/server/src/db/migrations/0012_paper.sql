CREATE TABLE "paper" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"title" varchar(100) NOT NULL,
	"paper_type" varchar(16) NOT NULL,
	"discipline" varchar(10) DEFAULT '' NOT NULL,
	"total_score" numeric(7, 1) DEFAULT 0 NOT NULL,
	"pass_score" numeric(7, 1) DEFAULT 0 NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"shuffle_questions" integer DEFAULT 0 NOT NULL,
	"shuffle_options" integer DEFAULT 0 NOT NULL,
	"multiple_scoring" varchar(10) DEFAULT 'all' NOT NULL,
	"review_policy" varchar(10) DEFAULT 'answers' NOT NULL,
	"is_public" integer DEFAULT 0 NOT NULL,
	"remark" varchar(1000) DEFAULT '' NOT NULL,
	"source_id" bigint DEFAULT '0' NOT NULL,
	"compose_mode" varchar(10) DEFAULT 'manual' NOT NULL,
	"blueprint" jsonb,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_question" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"paper_id" bigint NOT NULL,
	"title_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"score" numeric(7, 1) DEFAULT 0 NOT NULL,
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
CREATE TABLE "paper_title" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"paper_id" bigint NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"name" varchar(100) NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
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
CREATE INDEX "paper_owner_idx" ON "paper" USING btree ("tenant_id","create_user") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "paper_public_idx" ON "paper" USING btree ("tenant_id","is_public") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "paper_question_once_uq" ON "paper_question" USING btree ("paper_id","question_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "paper_question_title_idx" ON "paper_question" USING btree ("title_id","parent_id","sort") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "paper_question_question_idx" ON "paper_question" USING btree ("tenant_id","question_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "paper_title_paper_idx" ON "paper_title" USING btree ("paper_id","parent_id","sort") WHERE is_deleted = 0;