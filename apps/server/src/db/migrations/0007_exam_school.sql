CREATE TABLE "exam_clazz" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"school_id" bigint NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"category" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"head_teacher_id" bigint,
	"enrolment_year" integer,
	"direction_id" bigint,
	"sort" integer DEFAULT 0 NOT NULL,
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
CREATE TABLE "exam_flag" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"name" varchar(100) NOT NULL,
	"en_name" varchar(100) DEFAULT '' NOT NULL,
	"code" varchar(32) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
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
CREATE TABLE "exam_school" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(32) NOT NULL,
	"region_code" varchar(12) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"linkman" varchar(50) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"logo" varchar(1000) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
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
CREATE TABLE "exam_schoolyear" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"school_id" bigint NOT NULL,
	"name" varchar(50) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
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
CREATE TABLE "exam_student" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"school_id" bigint NOT NULL,
	"class_id" bigint NOT NULL,
	"student_no" varchar(32) NOT NULL,
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
CREATE TABLE "exam_student_class" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"student_id" bigint NOT NULL,
	"class_id" bigint NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"create_user" bigint
);
--> statement-breakpoint
CREATE TABLE "exam_teacher" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"teacher_no" varchar(32) DEFAULT '' NOT NULL,
	"job_title" varchar(50) DEFAULT '' NOT NULL,
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
CREATE TABLE "exam_teacher_rela" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"teacher_id" bigint NOT NULL,
	"rela_type" integer NOT NULL,
	"rela_id" bigint NOT NULL,
	"school_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_term" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"school_id" bigint NOT NULL,
	"schoolyear_id" bigint NOT NULL,
	"name" varchar(50) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_current" integer DEFAULT 0 NOT NULL,
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
CREATE INDEX "exam_clazz_school_idx" ON "exam_clazz" USING btree ("tenant_id","school_id","parent_id");--> statement-breakpoint
CREATE INDEX "exam_flag_tree_idx" ON "exam_flag" USING btree ("tenant_id","kind","parent_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_flag_code_uq" ON "exam_flag" USING btree ("tenant_id","kind","code") WHERE is_deleted = 0 and code <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "exam_school_code_uq" ON "exam_school" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "exam_schoolyear_school_idx" ON "exam_schoolyear" USING btree ("tenant_id","school_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_student_no_uq" ON "exam_student" USING btree ("tenant_id","school_id","student_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_student_user_uq" ON "exam_student" USING btree ("user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "exam_student_class_idx" ON "exam_student" USING btree ("tenant_id","class_id");--> statement-breakpoint
CREATE INDEX "exam_student_class_student_idx" ON "exam_student_class" USING btree ("student_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_teacher_user_uq" ON "exam_teacher" USING btree ("user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_teacher_no_uq" ON "exam_teacher" USING btree ("tenant_id","teacher_no") WHERE is_deleted = 0 and teacher_no <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "exam_teacher_rela_uq" ON "exam_teacher_rela" USING btree ("teacher_id","rela_id");--> statement-breakpoint
CREATE INDEX "exam_teacher_rela_target_idx" ON "exam_teacher_rela" USING btree ("tenant_id","rela_id");--> statement-breakpoint
CREATE INDEX "exam_term_school_idx" ON "exam_term" USING btree ("tenant_id","school_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_term_current_uq" ON "exam_term" USING btree ("school_id") WHERE is_deleted = 0 and is_current = 1;