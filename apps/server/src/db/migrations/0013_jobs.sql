CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"queue" varchar(100) NOT NULL,
	"data" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "jobs_waiting_idx" ON "jobs" USING btree ("queue","run_after") WHERE "jobs"."state" in ('queued', 'running');