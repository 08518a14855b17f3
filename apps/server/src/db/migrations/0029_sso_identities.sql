CREATE TABLE "sso_identities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"issuer" varchar(500) NOT NULL,
	"subject" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "email_outbox_user_kind_date_unique";--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_subject_unique" ON "sso_identities" USING btree ("organization_id","issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_user_issuer_unique" ON "sso_identities" USING btree ("organization_id","user_id","issuer");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_user_kind_date_unique" ON "email_outbox" USING btree ("user_id","kind","local_date") WHERE "email_outbox"."kind" = 'daily_digest';--> statement-breakpoint
-- Row-level security, as on every tenant table (ADR 066).
ALTER TABLE "sso_identities" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "sso_identities" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system') WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid OR current_setting('app.scope', true) = 'system');--> statement-breakpoint
-- Accounts single sign-on created before identities were kept (ADR 082): their creation is audited
-- with the new person as the actor, which no other way of adding a user does. Their `sub` was never
-- stored, so each gets a link to the issuer configured now without one: the first sign-in from that
-- issuer with the account's email fills it in. Every other account links by proving its password.
INSERT INTO "sso_identities" ("id", "organization_id", "user_id", "issuer", "subject")
SELECT gen_random_uuid(), u.organization_id, u.id, s.issuer, NULL
FROM "users" u
JOIN "sso_settings" s ON s.organization_id = u.organization_id
WHERE NOT u.is_super_admin AND EXISTS (
  SELECT 1 FROM "audit_log_entries" a
  WHERE a.organization_id = u.organization_id AND a.entity_id = u.id AND a.user_id = u.id
    AND a.action = 'CREATE' AND a.entity_type = 'AppUser'
);
