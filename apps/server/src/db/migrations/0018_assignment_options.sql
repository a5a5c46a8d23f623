ALTER TABLE "paper_teacher" ADD COLUMN "access_password" varchar(200);--> statement-breakpoint
ALTER TABLE "paper_teacher" ADD COLUMN "allowed_networks" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "paper_teacher" ADD COLUMN "grading_method" varchar(10) DEFAULT 'highest' NOT NULL;--> statement-breakpoint
ALTER TABLE "paper_teacher" ADD COLUMN "blind_marking" integer DEFAULT 0 NOT NULL;