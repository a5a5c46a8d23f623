ALTER TABLE "sys_dict" ADD COLUMN "dict_value_en" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_dict_biz" ADD COLUMN "dict_value_en" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_menu" ADD COLUMN "name_en" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_param" ADD COLUMN "param_name_en" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_param" ADD COLUMN "remark_en" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_role" ADD COLUMN "role_name_en" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_tenant" ADD COLUMN "tenant_name_en" varchar(100) DEFAULT '' NOT NULL;