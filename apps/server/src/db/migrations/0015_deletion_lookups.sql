CREATE INDEX "event_change_entries_event_idx" ON "event_change_entries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "files_asset_idx" ON "files" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "files_event_idx" ON "files" USING btree ("event_id") WHERE "files"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "maintenance_events_asset_idx" ON "maintenance_events" USING btree ("asset_id");