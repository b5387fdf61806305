ALTER TABLE "projects" ADD COLUMN "image_focus_x" smallint DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "image_focus_y" smallint DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_image_focus_check" CHECK (image_focus_x between 0 and 100 and image_focus_y between 0 and 100);