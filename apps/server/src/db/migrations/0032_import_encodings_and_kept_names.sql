-- Import files in other encodings, spreadsheet row numbers, number and date formats (ADR 094).
-- Rows stored before this are numbered as a spreadsheet would have: the header row 1, no blank rows.
ALTER TABLE "import_rows" ADD COLUMN "sheet_row" integer;--> statement-breakpoint
UPDATE "import_rows" SET "sheet_row" = "row_number" + 1;--> statement-breakpoint
ALTER TABLE "import_rows" ALTER COLUMN "sheet_row" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "encoding" text DEFAULT 'utf-8' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "raw_headers" jsonb;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "number_format" text;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "date_order" text;--> statement-breakpoint
-- Started by and Completed by names of imported history that match no user (ADR 095).
ALTER TABLE "maintenance_events" ADD COLUMN "task_started_by_name" varchar(200);--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD COLUMN "task_completed_by_name" varchar(200);
