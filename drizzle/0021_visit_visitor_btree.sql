DROP INDEX "visit_events_visitor_idx";--> statement-breakpoint
CREATE INDEX "visit_events_visitor_idx" ON "visit_events" USING btree ("visitor");