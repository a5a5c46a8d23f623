CREATE TABLE "courseware_segment" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"courseware_id" bigint NOT NULL,
	"label" varchar(100) DEFAULT '' NOT NULL,
	"start" integer DEFAULT 0 NOT NULL,
	"end" integer DEFAULT 0 NOT NULL,
	"flag_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courseware_version" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"courseware_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"attach_id" bigint DEFAULT '0' NOT NULL,
	"link" varchar(1000) DEFAULT '' NOT NULL,
	"extension" varchar(20) DEFAULT '' NOT NULL,
	"original_name" varchar(255) DEFAULT '' NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"change_note" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "courseware_segment_ware_idx" ON "courseware_segment" USING btree ("courseware_id","sort");--> statement-breakpoint
CREATE INDEX "courseware_segment_flags_idx" ON "courseware_segment" USING gin ("flag_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "courseware_version_uq" ON "courseware_version" USING btree ("courseware_id","version");