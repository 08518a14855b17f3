DROP INDEX "jobs_waiting_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
-- Jobs waiting or running when this migration runs get their organization (ADR 087): imports and digests name it in their data, a webhook delivery's is its delivery's.
UPDATE "jobs" SET "organization_id" = ("data"->>'organizationId')::uuid WHERE "state" IN ('queued', 'running') AND "data" ? 'organizationId';--> statement-breakpoint
UPDATE "jobs" SET "organization_id" = "webhook_deliveries"."organization_id" FROM "webhook_deliveries" WHERE "jobs"."state" IN ('queued', 'running') AND "jobs"."queue" = 'webhooks.deliver' AND "webhook_deliveries"."id" = ("jobs"."data"->>'deliveryId')::uuid;--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("queue","organization_id","run_after") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("queue","organization_id") WHERE "jobs"."state" = 'running';--> statement-breakpoint
-- Row-level security (ADR 066) like every table with an organization: a request queues jobs of its own organization only; the runner works in the system scope.
ALTER TABLE "jobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "jobs" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');
