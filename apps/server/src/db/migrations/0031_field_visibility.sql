-- Fields made before visibility existed stay public, as the public page showed them (ADR 091); a field made from now on is internal unless its maker says public.
ALTER TABLE "field_definitions" ADD COLUMN "is_public" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "field_definitions" ALTER COLUMN "is_public" SET DEFAULT false;
