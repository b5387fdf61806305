CREATE TABLE "page_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"path" text NOT NULL,
	"content" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"path" text PRIMARY KEY NOT NULL,
	"published" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"draft" jsonb,
	"draft_saved_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_path_pages_path_fk" FOREIGN KEY ("path") REFERENCES "public"."pages"("path") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "page_versions_path_idx" ON "page_versions" USING btree ("path","replaced_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_status_check" CHECK (status in ('draft', 'published'));--> statement-breakpoint
-- What visitors see of a page changes with its row: announced like projects (0004), so every
-- instance drops its cached pages.
CREATE TRIGGER pages_notify_public_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pages
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();
