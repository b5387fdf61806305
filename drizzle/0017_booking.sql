CREATE TABLE "booking_date_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"start_minute" smallint,
	"end_minute" smallint,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_date_overrides_kind_check" CHECK (kind in ('geschlossen', 'zeiten', 'gesperrt')),
	CONSTRAINT "booking_date_overrides_range_check" CHECK ((kind = 'geschlossen' and start_minute is null and end_minute is null) or (kind <> 'geschlossen' and 0 <= start_minute and start_minute < end_minute and end_minute <= 1440))
);
--> statement-breakpoint
CREATE TABLE "booking_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	CONSTRAINT "booking_hours_weekday_check" CHECK (weekday between 1 and 7),
	CONSTRAINT "booking_hours_range_check" CHECK (0 <= start_minute and start_minute < end_minute and end_minute <= 1440)
);
--> statement-breakpoint
CREATE TABLE "booking_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"location_kind" text NOT NULL,
	"location_detail" text DEFAULT '' NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"min_notice_minutes" integer DEFAULT 0 NOT NULL,
	"not_same_day" boolean DEFAULT false NOT NULL,
	"horizon_days" integer DEFAULT 60 NOT NULL,
	"max_per_day" integer,
	"max_per_week" integer,
	"requires_confirmation" boolean DEFAULT false NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_types_slug_check" CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "booking_types_location_kind_check" CHECK (location_kind in ('vor_ort', 'telefon', 'video')),
	CONSTRAINT "booking_types_duration_check" CHECK (duration_minutes between 5 and 720),
	CONSTRAINT "booking_types_minutes_check" CHECK (buffer_before_minutes between 0 and 720 and buffer_after_minutes between 0 and 720 and min_notice_minutes >= 0),
	CONSTRAINT "booking_types_horizon_check" CHECK (horizon_days between 1 and 730),
	CONSTRAINT "booking_types_caps_check" CHECK (coalesce(max_per_day, 1) > 0 and coalesce(max_per_week, 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text,
	"time_zone" text NOT NULL,
	"status" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_message" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"caldav_href" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_times_check" CHECK (starts_at < ends_at),
	CONSTRAINT "bookings_status_check" CHECK (status in ('angefragt', 'bestaetigt', 'abgesagt')),
	CONSTRAINT "bookings_cancelled_by_check" CHECK (cancelled_by in ('visitor', 'owner'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_type_id_booking_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."booking_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_date_overrides_day_idx" ON "booking_date_overrides" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_types_slug_key" ON "booking_types" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "bookings_starts_at_idx" ON "bookings" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "bookings_type_idx" ON "bookings" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree (lower("email"));