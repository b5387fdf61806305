import { findOriginal, findVariant } from "~/features/media/images.server";
import { isUuid } from "~/platform/uuid";
import type { Route } from "./+types/media";
import { databaseContext } from "~/platform/http/request-context";

/**
 * Uploaded images from the database: /media/<id>/<width>.webp (responsive variants) and
 * /media/<id>/original. An image never changes under its id, so it is cached for a year.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { id, file } = params;
  const match = file.match(/^(\d{2,4})\.webp$/);
  if (!isUuid(id) || (!match && file !== "original")) return new Response("Not found", { status: 404 });
  const etag = `"${id}-${file}"`;
  const headers = { ETag: etag, "Cache-Control": "public, max-age=31536000, immutable" };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });

  const db = await context.get(databaseContext);
  if (match) {
    const variant = await findVariant(db, id, Number(match[1]));
    if (!variant) return new Response("Not found", { status: 404 });
    return new Response(new Uint8Array(variant.data), {
      headers: { ...headers, "Content-Type": "image/webp" },
    });
  }
  const original = await findOriginal(db, id);
  if (!original) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(original.original), {
    headers: { ...headers, "Content-Type": original.content_type },
  });
}
