import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useNavigationType } from "react-router";
import { toast } from "~/ui/toast";
import { Button, buttonClass } from "~/ui/button";
import { prefersReducedMotion } from "~/ui/cn";
import { Field, Input, Textarea } from "~/ui/field";
import { RichTextField } from "~/ui/rich-text-field";
import { ADMIN_MESSAGES } from "~/features/admin";
import {
  FocalPointPicker,
  IMAGE_MESSAGES,
  MAX_UPLOAD_BYTES,
  type UploadProgress,
  UploadProgressBar,
  imageSources,
  uploadImage,
  useFilePreview,
} from "~/features/media";
import { CATEGORIES, categoryLabel } from "~/features/projects/project";
import { limitsAt, type FormLimits } from "~/platform/forms/field-limits";
import type { ProjectFormValues } from "~/features/projects/project-form";
import { TagEditor } from "./admin-tag-editor";

type Props = {
  mode: "create" | "update";
  values: ProjectFormValues;
  /** The fields' limits, from the schema the action checks the form with. */
  limits: FormLimits;
};
type SaveFailure = { ok: false; message: string; errors?: Partial<Record<string, string>> };

/** Create/edit form with every field of a project (spec §3), image as URL or upload. */
export function ProjectForm({ mode, values, limits }: Props) {
  // Success redirects (with a flash toast); a failure comes back here as data.
  const fetcher = useFetcher<SaveFailure>({ key: "project-form" });
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const saving = fetcher.state !== "idle" || upload !== null;
  // An image the upload route refused is shown beside its field, as the action's refusal is.
  const [uploadError, setUploadError] = useState<string | null>(null);
  const errors: Partial<Record<string, string>> = {
    ...fetcher.data?.errors,
    ...(uploadError && { image: uploadError }),
  };
  useEffect(() => {
    if (fetcher.data) toast.error(fetcher.data.message);
  }, [fetcher.data]);
  const preview = useImagePreview(values.image);
  const section = useRevealOnOpen();
  return (
    <section
      ref={section}
      aria-labelledby="project-form-title"
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="project-form-title" className="text-xl font-bold text-slate-900">
        {mode === "create" ? ADMIN_MESSAGES.createHeader : ADMIN_MESSAGES.editHeader(values.id)}
      </h2>
      <fetcher.Form
        onSubmit={(event) => {
          setUploadError(null);
          const file = new FormData(event.currentTarget).get("imageFile");
          if (!(file instanceof File) || file.size === 0) return;
          event.preventDefault();
          const wrap = mode === "create" ? ADMIN_MESSAGES.createError : ADMIN_MESSAGES.updateError;
          // Refuse an oversized image before uploading megabytes that the server would refuse.
          if (file.size > MAX_UPLOAD_BYTES) {
            toast.error(wrap(IMAGE_MESSAGES.tooLarge));
            return;
          }
          // The image goes first, with its progress on the screen; then the form, with the
          // stored image's path in place of the file, through the fetcher as before.
          const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
          void uploadImage(file, setUpload).then((result) => {
            setUpload(null);
            if (!result.ok) {
              setUploadError(result.message);
              toast.error(wrap(result.message));
              return;
            }
            form.delete("imageFile");
            form.set("image", result.src);
            void fetcher.submit(form, {
              method: "post",
              action: "/admin?index",
              encType: "multipart/form-data",
            });
          });
        }}
        method="post"
        encType="multipart/form-data"
        action="/admin?index"
        className="mt-6 grid gap-5 md:grid-cols-2"
      >
        <input type="hidden" name="intent" value={mode} />
        <input type="hidden" name="id" value={values.id} />
        <Field id="project-title" label="Title" error={errors.title} className="md:col-span-2">
          {(props) => (
            <Input {...props} name="title" defaultValue={values.title} {...limitsAt(limits, "title")} />
          )}
        </Field>
        <Field
          id="project-description"
          label="Description"
          error={errors.description}
          className="md:col-span-2"
        >
          {(props) => (
            <Textarea
              {...props}
              name="description"
              rows={3}
              defaultValue={values.description}
              {...limitsAt(limits, "description")}
            />
          )}
        </Field>
        <RichTextField
          id="project-details"
          name="details"
          label="Details"
          error={errors.details}
          className="md:col-span-2"
          rows={8}
          defaultValue={values.details}
        />
        <Field id="project-image" label="Image (URL oder Pfad)" error={errors.image}>
          {(props) => (
            <Input
              {...props}
              name="image"
              defaultValue={values.image}
              onChange={(event) => preview.setAddress(event.target.value)}
              placeholder="https://… oder /images/…"
            />
          )}
        </Field>
        <Field id="project-image-file" label="… oder Bild hochladen (max. 8 MB)">
          {(props) => (
            <Input
              {...props}
              name="imageFile"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
              onChange={(event) => preview.setFile(event.target.files?.[0])}
            />
          )}
        </Field>
        <div className="md:col-span-2">
          <FocalPointPicker
            id="project-image"
            names={{ x: "image_focus_x", y: "image_focus_y" }}
            focus={{ x: values.image_focus_x, y: values.image_focus_y }}
            src={preview.src}
            errors={{ x: errors.image_focus_x, y: errors.image_focus_y }}
          />
        </div>
        <Field id="project-category" label="Category" error={errors.category}>
          {(props) => (
            <select
              {...props}
              name="category"
              defaultValue={values.category}
              className="block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5"
            >
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {categoryLabel(category)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="project-date" label="Date" error={errors.date}>
          {(props) => <Input {...props} name="date" type="date" defaultValue={values.date} />}
        </Field>
        <Field id="project-url" label="URL" error={errors.url}>
          {(props) => (
            <Input {...props} name="url" defaultValue={values.url} placeholder="https://… oder /contact" />
          )}
        </Field>
        <Field id="project-admin-url" label="Admin URL" error={errors.admin_url}>
          {(props) => (
            <Input {...props} name="admin_url" defaultValue={values.admin_url} placeholder="https://…" />
          )}
        </Field>
        <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="show_on_homepage"
            defaultChecked={values.show_on_homepage}
            className="size-4 accent-brand-600"
          />
          Show on homepage
        </label>
        <div className="md:col-span-2">
          {/* Only the length: an empty draft is no tag, not a missing one (the input is not sent). */}
          <TagEditor initial={values.tags} maxLength={limitsAt(limits, "tags.0")?.maxLength} />
        </div>
        {mode === "update" && (
          <Field id="project-status" label="Status" error={errors.status}>
            {(props) => (
              <select
                {...props}
                name="status"
                defaultValue={values.status}
                className="block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
              >
                <option value="published">Veröffentlicht</option>
                <option value="draft">Entwurf (nur im Admin-Bereich und in der Vorschau)</option>
              </select>
            )}
          </Field>
        )}
        {upload && (
          <div className="md:col-span-2">
            <UploadProgressBar progress={upload} />
          </div>
        )}
        <div className="flex flex-wrap gap-3 md:col-span-2">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving …" : "Save"}
          </Button>
          {mode === "create" && (
            <Button type="submit" name="status" value="draft" variant="secondary" disabled={saving}>
              Als Entwurf speichern
            </Button>
          )}
          <Link to="/admin" className={buttonClass({ variant: "secondary" })}>
            Cancel
          </Link>
        </div>
      </fetcher.Form>
    </section>
  );
}

/**
 * The form opens above the list, so "Edit" on a card further down would change nothing on the
 * screen: opened by a link, the form scrolls into view (below the fixed header) and its first
 * field takes the focus. Not when the page was loaded or restored with the form open (the browser
 * placed it already).
 */
function useRevealOnOpen() {
  const section = useRef<HTMLElement>(null);
  const navigationType = useNavigationType();
  const openedByLink = useRef(navigationType === "PUSH");
  useEffect(() => {
    if (!openedByLink.current || !section.current) return;
    section.current.scrollIntoView({
      behavior: prefersReducedMotion() ? "instant" : "smooth",
      block: "start",
    });
    // Without scrolling of its own, which would cut the smooth scroll short.
    section.current.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select")?.focus({
      preventScroll: true,
    });
  }, []);
  return section;
}

/**
 * What the focal point picker shows: a newly chosen file, else the image's address when it is one
 * of this site (the Content-Security-Policy loads no other).
 */
function useImagePreview(initial: string) {
  const [address, setAddress] = useState(initial);
  const [fileUrl, setFile] = useFilePreview();
  const ownImage = address.startsWith("/") && !address.startsWith("//");
  return {
    src: fileUrl ?? (ownImage ? imageSources(address, 480).src : undefined),
    setAddress,
    setFile,
  };
}
