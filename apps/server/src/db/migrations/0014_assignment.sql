CREATE TABLE "paper_student" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"paper_teacher_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"class_id" bigint NOT NULL,
	"attempt_no" integer DEFAULT 1 NOT NULL,
	"state" varchar(16) DEFAULT 'not_started' NOT NULL,
	"layout" jsonb NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"submit_time" timestamp with time zone,
	"auto_submitted" integer DEFAULT 0 NOT NULL,
	"extra_minutes" integer DEFAULT 0 NOT NULL,
	"close_time" timestamp with time zone,
	"objective_score" numeric(7, 1) DEFAULT 0 NOT NULL,
	"score" numeric(7, 1) DEFAULT 0 NOT NULL,
	"left_page" integer DEFAULT 0 NOT NULL,
	"left_fullscreen" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_student_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"paper_student_id" bigint NOT NULL,
	"kind" varchar(20) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_student_question" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"paper_student_id" bigint NOT NULL,
	"paper_teacher_question_id" bigint NOT NULL,
	"answer" jsonb,
	"seq" integer DEFAULT 0 NOT NULL,
	"flagged" integer DEFAULT 0 NOT NULL,
	"save_time" timestamp with time zone,
	"result" varchar(10) DEFAULT 'blank' NOT NULL,
	"auto_score" numeric(7, 1),
	"manual_score" numeric(7, 1),
	"score" numeric(7, 1) DEFAULT 0 NOT NULL,
	"comment" varchar(2000) DEFAULT '' NOT NULL,
	"mark_user" bigint,
	"mark_time" timestamp with time zone,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_teacher" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"paper_id" bigint NOT NULL,
	"title" varchar(100) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"class_ids" text[] NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"close_time" timestamp with time zone NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"grace_seconds" integer DEFAULT 60 NOT NULL,
	"release_rule" varchar(16) NOT NULL,
	"review_policy" varchar(10) NOT NULL,
	"multiple_scoring" varchar(10) NOT NULL,
	"shuffle_questions" integer DEFAULT 0 NOT NULL,
	"shuffle_options" integer DEFAULT 0 NOT NULL,
	"total_score" numeric(7, 1) DEFAULT 0 NOT NULL,
	"pass_score" numeric(7, 1) DEFAULT 0 NOT NULL,
	"per_student" integer DEFAULT 0 NOT NULL,
	"remark" varchar(1000) DEFAULT '' NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"release_time" timestamp with time zone,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_teacher_question" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"paper_teacher_id" bigint NOT NULL,
	"question_inst_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"title_id" bigint DEFAULT '0' NOT NULL,
	"type" varchar(16) NOT NULL,
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
CREATE TABLE "wrongbook" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"question_inst_id" bigint NOT NULL,
	"paper_student_id" bigint NOT NULL,
	"answer" jsonb,
	"wrong_count" integer DEFAULT 1 NOT NULL,
	"right_streak" integer DEFAULT 0 NOT NULL,
	"state" varchar(10) DEFAULT 'active' NOT NULL,
	"flag_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "paper_student_attempt_uq" ON "paper_student" USING btree ("paper_teacher_id","student_id","attempt_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "paper_student_user_idx" ON "paper_student" USING btree ("tenant_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "paper_student_log_attempt_idx" ON "paper_student_log" USING btree ("paper_student_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_student_question_uq" ON "paper_student_question" USING btree ("paper_student_id","paper_teacher_question_id");--> statement-breakpoint
CREATE INDEX "paper_student_question_question_idx" ON "paper_student_question" USING btree ("paper_teacher_question_id");--> statement-breakpoint
CREATE INDEX "paper_teacher_owner_idx" ON "paper_teacher" USING btree ("tenant_id","create_user") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "paper_teacher_paper_idx" ON "paper_teacher" USING btree ("tenant_id","paper_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "paper_teacher_question_assignment_idx" ON "paper_teacher_question" USING btree ("paper_teacher_id","sort") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "wrongbook_question_uq" ON "wrongbook" USING btree ("user_id","question_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "wrongbook_user_idx" ON "wrongbook" USING btree ("tenant_id","user_id","state") WHERE is_deleted = 0;