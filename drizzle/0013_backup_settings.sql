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
