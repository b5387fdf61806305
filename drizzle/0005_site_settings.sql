CREATE TABLE "site_settings" (
	"section" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The owner's settings show on every public page: a change is announced like one to projects
-- (0004), so every instance drops its cached settings and pages.
CREATE TRIGGER site_settings_notify_public_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();
