CREATE TABLE "sys_user_platform" (
	"user_id" bigint NOT NULL,
	"user_type" integer NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_ext" text NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_user_platform_user_id_user_type_pk" PRIMARY KEY("user_id","user_type")
);
--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "oauth_id" varchar(64);