-- Answers that hold a secret shown once are kept sealed and replayed for a few minutes only (ADR 086):
-- secret_until says until when; the cleanup job erases the sealed body after it.
ALTER TABLE "idempotency_keys" ADD COLUMN "secret_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "idempotency_keys_secret_idx" ON "idempotency_keys" USING btree ("secret_until") WHERE "idempotency_keys"."secret_until" is not null and "idempotency_keys"."body" is not null;