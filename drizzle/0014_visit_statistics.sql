CREATE TABLE "visit_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visit_daily_day_dimension_value_pk" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "visit_events" (
	"at" timestamp with time zone NOT NULL,
	"kind" text DEFAULT 'view' NOT NULL,
	"path" text NOT NULL,
	"referrer_host" text,
	"referrer_path" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"screen" text,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"visitor" text NOT NULL,
	"entry" boolean DEFAULT false NOT NULL,
	"not_found" boolean DEFAULT false NOT NULL,
	CONSTRAINT "visit_events_kind_check" CHECK (kind in ('view', 'contact', 'newsletter'))
);
--> statement-breakpoint
CREATE TABLE "visit_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "visit_events_at_idx" ON "visit_events" USING brin ("at");--> statement-breakpoint
CREATE INDEX "visit_events_visitor_idx" ON "visit_events" USING btree ("visitor","at");