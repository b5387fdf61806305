CREATE TABLE "backup_settings" (
	"id" text PRIMARY KEY DEFAULT 'backup' NOT NULL,
	"schedule" text DEFAULT 'off' NOT NULL,
	"keep" integer,
	"remote_kind" text,
	"remote_url" text,
	"remote_bucket" text,
	"remote_region" text,
	"remote_user" text,
	"remote_secret" text,
	"last_scheduled_at" timestamp with time zone,
	"last_scheduled_ok" boolean,
	"failed_at" timestamp with time zone,
	"failure" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The privacy policy states the schedule in force: a change is announced like any other change
-- of what public pages show (0004_public_pages_notify), so every instance renders it anew.
CREATE TRIGGER backup_settings_notify_public_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON backup_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();
