CREATE TABLE "practical_student" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"practical_teacher_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"class_id" bigint NOT NULL,
	"state" varchar(16) DEFAULT 'not_started' NOT NULL,
	"check_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"start_time" timestamp with time zone,
	"submit_time" timestamp with time zone,
	"teacher_sign_time" timestamp with time zone,
	"teacher_sign_user" bigint,
	"score" numeric(7, 1) DEFAULT 0 NOT NULL,
	"earned" numeric(7, 1) DEFAULT 0 NOT NULL,
	"critical_failed" integer DEFAULT 0 NOT NULL,
	"remeasure" integer DEFAULT 0 NOT NULL,
	"disagree" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practical_student_inspection" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"practical_student_id" bigint NOT NULL,
	"inspection_id" bigint NOT NULL,
	"point_id" bigint NOT NULL,
	"student_value" varchar(16),
	"teacher_value" varchar(16),
	"passed" integer,
	"teacher_passed" integer,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"save_time" timestamp with time zone,
	"result" varchar(10) DEFAULT 'missing' NOT NULL,
	"value" varchar(16),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practical_student_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"practical_student_id" bigint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"target_id" bigint NOT NULL,
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
CREATE TABLE "practical_student_point" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"practical_student_id" bigint NOT NULL,
	"point_id" bigint NOT NULL,
	"score" numeric(7, 1) DEFAULT 0 NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"given" numeric(7, 1),
	"comment" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practical_teacher" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"paper_id" bigint NOT NULL,
	"title" varchar(100) NOT NULL,
	"class_ids" text[] NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"close_time" timestamp with time zone NOT NULL,
	"recorder" varchar(10) DEFAULT 'student' NOT NULL,
	"check_share" integer DEFAULT 20 NOT NULL,
	"release_rule" varchar(16) DEFAULT 'manual' NOT NULL,
	"release_time" timestamp with time zone,
	"total_score" numeric(7, 1) DEFAULT 0 NOT NULL,
	"pass_score" numeric(7, 1) DEFAULT 0 NOT NULL,
	"task" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"remark" varchar(1000) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "practical_student_uq" ON "practical_student" USING btree ("practical_teacher_id","student_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "practical_student_user_idx" ON "practical_student" USING btree ("tenant_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "practical_student_inspection_uq" ON "practical_student_inspection" USING btree ("practical_student_id","inspection_id");--> statement-breakpoint
CREATE INDEX "practical_student_inspection_item_idx" ON "practical_student_inspection" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "practical_student_log_attempt_idx" ON "practical_student_log" USING btree ("practical_student_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "practical_student_point_uq" ON "practical_student_point" USING btree ("practical_student_id","point_id");--> statement-breakpoint
CREATE INDEX "practical_teacher_owner_idx" ON "practical_teacher" USING btree ("tenant_id","create_user") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "practical_teacher_paper_idx" ON "practical_teacher" USING btree ("tenant_id","paper_id") WHERE is_deleted = 0;