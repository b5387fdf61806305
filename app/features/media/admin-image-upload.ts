import { data } from "react-router";
import { requireAdmin } from "~/features/auth/index.server";
import { ImageError, storeUploadedImage } from "~/features/media/images.server";
import { IMAGE_MESSAGES } from "~/features/media/image-limits";
import { databaseContext } from "~/platform/http/request-context";
import type { Route } from "./+types/admin-image-upload";

/**
 * POST /admin/bilder: one image (`file`) through the upload pipeline, answered with its site
 * path. The admin's forms send a chosen image here first when JavaScript runs, so the browser
 * can show the upload's progress (fetch cannot), and then send the form with the path in place
 * of the file through React Router as usual. Without JavaScript the forms post the file
 * themselves. Only the signed-in owner gets here (the admin layout's middleware).
 */
/** Nothing to show: the signed-in owner's GET is told to POST; anyone else goes to the sign-in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const file = (await request.formData().catch(() => undefined))?.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return data({ ok: false as const, message: IMAGE_MESSAGES.notAnImage }, { status: 400 });
  }
  try {
    const stored = await storeUploadedImage(await context.get(databaseContext), file);
    return { ok: true as const, src: stored.src };
  } catch (error) {
    if (error instanceof ImageError)
      return data({ ok: false as const, message: error.message }, { status: 400 });
    throw error;
  }
}
