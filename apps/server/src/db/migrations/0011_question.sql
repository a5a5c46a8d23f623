CREATE TABLE "question" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"lib_id" bigint NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"type" varchar(16) NOT NULL,
	"stem" text DEFAULT '' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"difficulty" integer DEFAULT 3 NOT NULL,
	"score" numeric(6, 1) DEFAULT 0 NOT NULL,
	"discipline" varchar(10) DEFAULT '' NOT NULL,
	"source" varchar(200) DEFAULT '' NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"source_id" bigint DEFAULT '0' NOT NULL,
	"search_tokens" text[] DEFAULT '{}'::text[] NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_flag" (
	"question_id" bigint NOT NULL,
	"flag_id" bigint NOT NULL,
	CONSTRAINT "question_flag_question_id_flag_id_pk" PRIMARY KEY("question_id","flag_id")
);
--> statement-breakpoint
CREATE TABLE "question_inst" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"question_id" bigint NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"type" varchar(16) NOT NULL,
	"stem" text DEFAULT '' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"difficulty" integer DEFAULT 3 NOT NULL,
	"score" numeric(6, 1) DEFAULT 0 NOT NULL,
	"discipline" varchar(10) DEFAULT '' NOT NULL,
	"source" varchar(200) DEFAULT '' NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
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
CREATE TABLE "question_item" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"question_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"is_answer" integer DEFAULT 0 NOT NULL,
	"score" numeric(6, 1) DEFAULT 0 NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_item_inst" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"question_inst_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"is_answer" integer DEFAULT 0 NOT NULL,
	"score" numeric(6, 1) DEFAULT 0 NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_lib" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"discipline" varchar(10) DEFAULT '' NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
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
CREATE TABLE "question_lib_permission" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"lib_id" bigint NOT NULL,
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
CREATE INDEX "question_lib_idx" ON "question" USING btree ("tenant_id","lib_id","parent_id","sort") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "question_recent_idx" ON "question" USING btree ("tenant_id","create_time") WHERE is_deleted = 0 and parent_id = 0;--> statement-breakpoint
CREATE INDEX "question_tokens_idx" ON "question" USING gin ("search_tokens");--> statement-breakpoint
CREATE INDEX "question_flag_flag_idx" ON "question_flag" USING btree ("flag_id");--> statement-breakpoint
CREATE INDEX "question_inst_question_idx" ON "question_inst" USING btree ("tenant_id","question_id");--> statement-breakpoint
CREATE INDEX "question_item_question_idx" ON "question_item" USING btree ("question_id","sort");--> statement-breakpoint
CREATE INDEX "question_item_inst_inst_idx" ON "question_item_inst" USING btree ("question_inst_id","sort");--> statement-breakpoint
CREATE INDEX "question_lib_owner_idx" ON "question_lib" USING btree ("tenant_id","create_user") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "question_lib_permission_grantee_uq" ON "question_lib_permission" USING btree ("lib_id","grantee_type","grantee_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "question_lib_permission_grantee_idx" ON "question_lib_permission" USING btree ("tenant_id","grantee_type","grantee_id") WHERE is_deleted = 0;