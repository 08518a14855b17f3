ALTER TABLE "import_problems" ADD COLUMN "message_id" varchar(100);--> statement-breakpoint
ALTER TABLE "import_problems" ADD COLUMN "message_values" jsonb;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "error_said" jsonb;