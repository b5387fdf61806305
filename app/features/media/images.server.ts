import { and, asc, eq, gte } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "~/platform/db/engines.server";
import { images, imageVariants } from "~/platform/db/schema";
import { IMAGE_MESSAGES, MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES, VARIANT_WIDTHS } from "./image-limits";
import { isUpload } from "./image-sources";

/**
 * Uploaded images: checked by content (not by name), re-encoded without metadata (EXIF/GPS
 * gone), stored with responsive WebP variants in the database.
 */
const FORMATS = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
} as const;

export class ImageError extends Error {
  override name = "ImageError";
}

export { IMAGE_MESSAGES, MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES, VARIANT_WIDTHS };

export type StoredImage = { src: string; width: number; height: number };

/** Stores an upload; returns the site path of the image (`/media/<id>`) and its size. */
export async function storeUploadedImage(db: Db, file: File): Promise<StoredImage> {
  if (file.size > MAX_UPLOAD_BYTES) throw new ImageError(IMAGE_MESSAGES.tooLarge);
  const input = Buffer.from(await file.arrayBuffer());
  let format: keyof typeof FORMATS;
  let pixels: number;
  try {
    // Reads the header only: the size is known before a single pixel is decoded. Without the
    // limit here, so that an oversized image gets its own message; every decoder below has it.
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    if (!metadata.format || !(metadata.format in FORMATS) || !metadata.width || !metadata.height)
      throw new Error();
    format = metadata.format as keyof typeof FORMATS;
    pixels = metadata.width * metadata.height;
  } catch {
    throw new ImageError(IMAGE_MESSAGES.notAnImage);
  }
  if (pixels > MAX_INPUT_PIXELS) throw new ImageError(IMAGE_MESSAGES.tooManyPixels);

  let encoded;
  try {
    encoded = await encode(input, format);
  } catch {
    // A sound header over broken or missing pixel data (a truncated or damaged file) fails only
    // when decoded: the same refusal as any other file that is no image.
    throw new ImageError(IMAGE_MESSAGES.notAnImage);
  }
  const { original, variants } = encoded;

  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(images)
      .values({
        original: original.data,
        content_type: FORMATS[format],
        width: original.info.width,
        height: original.info.height,
      })
      .returning({ id: images.id });
    await tx.insert(imageVariants).values(
      variants.map((variant) => ({
        image_id: row!.id,
        width: variant.info.width,
        height: variant.info.height,
        data: variant.data,
      })),
    );
    return { src: `/media/${row!.id}`, width: original.info.width, height: original.info.height };
  });
}

/** The upload re-encoded in its own format, and its WebP variants. */
async function encode(input: Buffer, format: keyof typeof FORMATS) {
  // rotate() applies the EXIF orientation; sharp writes no metadata unless asked to.
  const base = sharp(input, { animated: false, limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const original = await base.clone().toFormat(format).toBuffer({ resolveWithObject: true });
  const widths = VARIANT_WIDTHS.filter((width) => width < original.info.width);
  const variantWidths = widths.length > 0 ? widths : [original.info.width];
  // One after another: each variant decodes the image again, and in parallel their memory adds up.
  const variants: (typeof original)[] = [];
  for (const width of variantWidths) {
    variants.push(
      await base
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true }),
    );
  }
  return { original, variants };
}

/** The smallest variant at least `width` wide (else the largest), or undefined. */
export async function findVariant(db: Db, imageId: string, width: number) {
  const [atLeast] = await db
    .select()
    .from(imageVariants)
    .where(and(eq(imageVariants.image_id, imageId), gte(imageVariants.width, width)))
    .orderBy(asc(imageVariants.width))
    .limit(1);
  if (atLeast) return atLeast;
  const all = await db.select().from(imageVariants).where(eq(imageVariants.image_id, imageId));
  return all.sort((a, b) => b.width - a.width)[0];
}

/**
 * An image stored before its form was sent (the upload route, `/admin/bilder`), by its site path;
 * undefined for any other text, so a form cannot name what was never uploaded.
 */
export async function storedImageAt(db: Db, src: string): Promise<StoredImage | undefined> {
  if (!isUpload(src)) return undefined;
  const id = src.slice("/media/".length);
  const [row] = await db
    .select({ width: images.width, height: images.height })
    .from(images)
    .where(eq(images.id, id))
    .limit(1);
  return row && { src, width: row.width, height: row.height };
}

export async function findOriginal(db: Db, imageId: string) {
  const [row] = await db.select().from(images).where(eq(images.id, imageId)).limit(1);
  return row;
}
