-- Every change to what public pages show is announced on channel public_pages, so each server
-- instance drops its cache of rendered pages (docs/decisions/0008-page-cache.md), whoever made it.
CREATE FUNCTION notify_public_pages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_pages', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER projects_notify_public_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
CREATE TRIGGER images_notify_public_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON images
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();
