CREATE TABLE "filejob" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"title" varchar(100) NOT NULL,
	"requirements" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allowed_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"max_size_mb" integer DEFAULT 50 NOT NULL,
	"max_files" integer DEFAULT 5 NOT NULL,
	"score" numeric(7, 1) DEFAULT 100 NOT NULL,
	"late_policy" varchar(10) DEFAULT 'mark' NOT NULL,
	"penalty_percent" integer DEFAULT 10 NOT NULL,
	"penalty_max_days" integer DEFAULT 5 NOT NULL,
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
CREATE TABLE "filejob_permission" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"job_id" bigint NOT NULL,
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
CREATE TABLE "filejob_student" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"filejob_teacher_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"class_id" bigint NOT NULL,
	"state" varchar(12) DEFAULT 'not_handed' NOT NULL,
	"extension_until" timestamp with time zone,
	"handin_id" bigint,
	"handin_time" timestamp with time zone,
	"handin_count" integer DEFAULT 0 NOT NULL,
	"late_days" integer DEFAULT 0 NOT NULL,
	"penalty" integer DEFAULT 0 NOT NULL,
	"score" numeric(7, 1),
	"comment" varchar(2000),
	"feedback_attach_id" bigint,
	"annotations" jsonb,
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
CREATE TABLE "filejob_student_file" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"handin_id" bigint NOT NULL,
	"filejob_student_id" bigint NOT NULL,
	"attach_id" bigint NOT NULL,
	"name" varchar(255) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"extension" varchar(16) NOT NULL,
	"link" varchar(1000) NOT NULL,
	"upload_start" timestamp with time zone NOT NULL,
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
CREATE TABLE "filejob_student_handin" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"filejob_student_id" bigint NOT NULL,
	"server_time" timestamp with time zone NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	"late_days" integer DEFAULT 0 NOT NULL,
	"penalty" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filejob_student_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"filejob_student_id" bigint NOT NULL,
	"kind" varchar(12) NOT NULL,
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
CREATE TABLE "filejob_teacher" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"job_id" bigint NOT NULL,
	"title" varchar(100) NOT NULL,
	"class_ids" text[] NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"grace_minutes" integer DEFAULT 30 NOT NULL,
	"release_rule" varchar(16) DEFAULT 'manual' NOT NULL,
	"release_time" timestamp with time zone,
	"job" jsonb NOT NULL,
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
CREATE INDEX "filejob_owner_idx" ON "filejob" USING btree ("tenant_id","create_user") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "filejob_public_idx" ON "filejob" USING btree ("tenant_id","is_public") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "filejob_permission_grantee_uq" ON "filejob_permission" USING btree ("job_id","grantee_type","grantee_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "filejob_permission_grantee_idx" ON "filejob_permission" USING btree ("tenant_id","grantee_type","grantee_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "filejob_student_uq" ON "filejob_student" USING btree ("filejob_teacher_id","student_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "filejob_student_user_idx" ON "filejob_student" USING btree ("tenant_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "filejob_student_file_handin_idx" ON "filejob_student_file" USING btree ("handin_id","sort");--> statement-breakpoint
CREATE INDEX "filejob_student_handin_record_idx" ON "filejob_student_handin" USING btree ("filejob_student_id","server_time");--> statement-breakpoint
CREATE INDEX "filejob_student_log_record_idx" ON "filejob_student_log" USING btree ("filejob_student_id","create_time");--> statement-breakpoint
CREATE INDEX "filejob_teacher_owner_idx" ON "filejob_teacher" USING btree ("tenant_id","create_user") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "filejob_teacher_job_idx" ON "filejob_teacher" USING btree ("tenant_id","job_id") WHERE is_deleted = 0;