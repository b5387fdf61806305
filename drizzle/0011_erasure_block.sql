ALTER TABLE "newsletter_consent_records" ALTER COLUMN "signed_up_at" DROP NOT NULL;--> statement-breakpoint
-- An erasure with "nicht erneut anschreiben" before this version left its block as an owner's
-- deletion. It wrote the record and its audit entry in one transaction, so both carry that
-- transaction's now(): such records become blocks again.
UPDATE "newsletter_consent_records" AS r SET "reason" = 'erased'
WHERE r."reason" = 'deleted' AND EXISTS (
  SELECT 1 FROM "privacy_audit_log" AS a
  WHERE a."action" = 'erase' AND a."counts"->>'blocked' = '1' AND a."created_at" = r."ended_at"
);
