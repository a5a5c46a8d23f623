CREATE TABLE "course" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"cover" varchar(1000) DEFAULT '' NOT NULL,
	"discipline" varchar(10) DEFAULT '' NOT NULL,
	"direction_id" bigint DEFAULT '0' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"hours" integer DEFAULT 0 NOT NULL,
	"published" integer DEFAULT 0 NOT NULL,
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
CREATE TABLE "course_class" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"course_id" bigint NOT NULL,
	"class_id" bigint NOT NULL,
	"releases" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_paper" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"course_id" bigint NOT NULL,
	"course_sub_id" bigint NOT NULL,
	"paper_id" bigint NOT NULL,
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
CREATE TABLE "course_permission" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"course_id" bigint NOT NULL,
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
CREATE TABLE "course_study" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"course_id" bigint NOT NULL,
	"course_sub_id" bigint NOT NULL,
	"courseware_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"completed_by" varchar(10) DEFAULT '' NOT NULL,
	"complete_time" timestamp with time zone,
	"beat_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_sub" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"course_id" bigint NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"name" varchar(100) NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"flag_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"locked" integer DEFAULT 0 NOT NULL,
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
CREATE TABLE "courseware" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"course_id" bigint NOT NULL,
	"course_sub_id" bigint NOT NULL,
	"name" varchar(100) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"attach_id" bigint DEFAULT '0' NOT NULL,
	"link" varchar(1000) DEFAULT '' NOT NULL,
	"extension" varchar(20) DEFAULT '' NOT NULL,
	"original_name" varchar(255) DEFAULT '' NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"completion" jsonb DEFAULT '{"kind":"opened","value":0}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"source_id" bigint DEFAULT '0' NOT NULL,
	"source_version" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "course_owner_idx" ON "course" USING btree ("tenant_id","create_user") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "course_public_idx" ON "course" USING btree ("tenant_id","is_public") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "course_class_uq" ON "course_class" USING btree ("course_id","class_id");--> statement-breakpoint
CREATE INDEX "course_class_class_idx" ON "course_class" USING btree ("tenant_id","class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_paper_topic_uq" ON "course_paper" USING btree ("course_sub_id","paper_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "course_paper_paper_idx" ON "course_paper" USING btree ("tenant_id","paper_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "course_permission_grantee_uq" ON "course_permission" USING btree ("course_id","grantee_type","grantee_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "course_permission_grantee_idx" ON "course_permission" USING btree ("tenant_id","grantee_type","grantee_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "course_study_uq" ON "course_study" USING btree ("courseware_id","user_id");--> statement-breakpoint
CREATE INDEX "course_study_user_idx" ON "course_study" USING btree ("tenant_id","user_id","course_id");--> statement-breakpoint
CREATE INDEX "course_sub_course_idx" ON "course_sub" USING btree ("course_id","parent_id","sort") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "courseware_topic_idx" ON "courseware" USING btree ("course_sub_id","sort") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "courseware_course_idx" ON "courseware" USING btree ("tenant_id","course_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "courseware_source_idx" ON "courseware" USING btree ("tenant_id","source_id") WHERE is_deleted = 0 and source_id <> 0;