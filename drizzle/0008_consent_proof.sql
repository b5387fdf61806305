CREATE TABLE "consent_texts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form" text NOT NULL,
	"text" text NOT NULL,
	"hash" text NOT NULL,
	"first_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_texts_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "newsletter_consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_hash" text NOT NULL,
	"consent_text_id" uuid,
	"consent_text_version" text,
	"signup_form" text,
	"signed_up_at" timestamp with time zone NOT NULL,
	"consented_at" timestamp with time zone,
	"confirmation_mailed_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"keep_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "consent_text_id" uuid;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "signup_form" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmation_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_consent_records" ADD CONSTRAINT "newsletter_consent_records_consent_text_id_consent_texts_id_fk" FOREIGN KEY ("consent_text_id") REFERENCES "public"."consent_texts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_consent_records_email_hash_idx" ON "newsletter_consent_records" USING btree ("email_hash");--> statement-breakpoint
CREATE INDEX "newsletter_consent_records_keep_until_idx" ON "newsletter_consent_records" USING btree ("keep_until");--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_consent_text_id_consent_texts_id_fk" FOREIGN KEY ("consent_text_id") REFERENCES "public"."consent_texts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Subscriptions made before consent texts were stored carry the version label of the text their
-- form showed; both texts were unchanged since those versions (app/lib/forms.ts CONSENT_TEXTS).
INSERT INTO "consent_texts" ("form", "text", "hash", "first_used_at")
SELECT l.form, l.body, encode(sha256(convert_to(l.body, 'UTF8')), 'hex'), min(coalesce(s.consented_at, s.created_at))
FROM (VALUES
  ('newsletter-block-2026-11', 'simple', 'Mit der Anmeldung willige ich ein, den Newsletter per E-Mail zu erhalten. Du bekommst zuerst eine E-Mail mit einem Bestätigungslink; abmelden kannst du dich jederzeit mit einem Klick. Mehr dazu in der Datenschutzerklärung.'),
  ('newsletter-card-2026-11', 'optIn', 'Ich möchte den Newsletter erhalten und habe die Datenschutzerklärung gelesen. Meine Einwilligung kann ich jederzeit widerrufen.')
) AS l(version, form, body)
JOIN "newsletter_subscriptions" s ON s."consent_text_version" = l.version
GROUP BY l.form, l.body;--> statement-breakpoint
UPDATE "newsletter_subscriptions" s
SET "consent_text_id" = c."id", "signup_form" = c."form"
FROM "consent_texts" c
WHERE s."consent_text_id" IS NULL
  AND c."form" = CASE s."consent_text_version" WHEN 'newsletter-block-2026-11' THEN 'simple' WHEN 'newsletter-card-2026-11' THEN 'optIn' END;
