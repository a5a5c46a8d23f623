ALTER TABLE "paper_teacher" ADD COLUMN "key_timing" varchar(16) DEFAULT 'after_close' NOT NULL;--> statement-breakpoint
-- Practice gave its key right after each saved answer before this setting existed: it keeps doing so.
UPDATE "paper_teacher" SET "key_timing" = 'immediate' WHERE "kind" = 'practice';
