-- A feed lives as long as what made it (ADR 084). Existing feeds take their user's current token
-- version (they end at the next password change or deactivation); those of users inactive now end
-- here, since their deactivation should have ended them.
ALTER TABLE "calendar_feeds" ADD COLUMN "token_version" integer NOT NULL DEFAULT 0;--> statement-breakpoint
UPDATE "calendar_feeds" SET "token_version" = "users"."token_version" FROM "users" WHERE "users"."id" = "calendar_feeds"."user_id";--> statement-breakpoint
DELETE FROM "calendar_feeds" USING "users" WHERE "users"."id" = "calendar_feeds"."user_id" AND NOT "users"."is_active";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ALTER COLUMN "token_version" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "api_token_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_api_token_id_api_tokens_id_fk" FOREIGN KEY ("api_token_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;
