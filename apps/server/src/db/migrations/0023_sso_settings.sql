CREATE TABLE "sso_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"issuer" varchar(500) NOT NULL,
	"client_id" varchar(500) NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"display_name" varchar(60) NOT NULL,
	"allowed_domains" jsonb NOT NULL,
	"create_users" boolean DEFAULT false NOT NULL,
	"require_sso" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_settings" ADD CONSTRAINT "sso_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;