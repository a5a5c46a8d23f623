CREATE TABLE "question_import" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"lib_id" bigint NOT NULL,
	"total" integer NOT NULL,
	"saved" integer DEFAULT 0 NOT NULL,
	"state" varchar(10) DEFAULT 'saving' NOT NULL,
	"error" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_import_part" (
	"id" bigint PRIMARY KEY NOT NULL,
	"import_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"drafts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "question_import_owner_idx" ON "question_import" USING btree ("tenant_id","create_user");--> statement-breakpoint
CREATE UNIQUE INDEX "question_import_part_seq_uq" ON "question_import_part" USING btree ("import_id","seq");