-- The trigram indexes keep at most 256 kB of new entries unmerged (ADR 074): every search of every
-- organization scans that pending list, which the default 4 MB let grow to hundreds of pages.
ALTER INDEX "assets_org_name_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "assets_org_slug_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "asset_field_values_org_field_trgm_idx" SET (gin_pending_list_limit = 256);
