CREATE TABLE "booking_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"reminder_hours" integer DEFAULT 24 NOT NULL,
	"retention_months" integer DEFAULT 6 NOT NULL,
	"caldav_url" text,
	"caldav_username" text,
	"caldav_password" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_single_row_check" CHECK (id = 1),
	CONSTRAINT "booking_settings_reminder_check" CHECK (reminder_hours between 0 and 168),
	CONSTRAINT "booking_settings_retention_check" CHECK (retention_months between 1 and 120)
);
