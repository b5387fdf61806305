CREATE TABLE "privacy_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "keep" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "contact_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_contact_id_contact_submissions_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_contact_idx" ON "outbox" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "outbox_subscriber_idx" ON "outbox" USING btree ("subscriber_id");--> statement-breakpoint
-- Notifications queued before this version name their request through Reply-To and subject.
UPDATE "outbox" AS o SET "contact_id" = c."id" FROM "contact_submissions" AS c
WHERE o."contact_id" IS NULL AND o."headers"->>'Reply-To' = c."email" AND o."subject" = 'Neue Kontaktanfrage: ' || c."subject";
--> statement-breakpoint
-- Sent mails keep no body, links or headers (issue 15): also those sent before this version.
UPDATE "outbox" SET "text" = '', "html" = NULL, "headers" = '{}'::jsonb WHERE "sent_at" IS NOT NULL;
