import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { listProjects } from "~/features/projects/index.server";
import { images, imageVariants } from "~/platform/db/schema";
import { saveProject } from "~/features/projects/admin-projects.server";
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES, storeUploadedImage } from "~/features/media/images.server";
import { test, testDatabases } from "#tests/setup/databases";

/**
 * Uploads that announce more pixels than the server can decode: refused from
 * the file's header with a German message, before any memory is spent on pixels.
 */

/** A white PNG of the given size: 16,000 × 16,000 compresses to under 1 MB. */
async function png(width: number, height: number): Promise<File> {
  const data = await sharp({ create: { width, height, channels: 3, background: "#fff" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return new File([new Uint8Array(data)], "riesig.png", { type: "image/png" });
}

/** Runs `work` and returns the highest growth of the resident memory seen meanwhile, in MB. */
async function peakRssGrowthMb(work: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    await work().catch(() => undefined);
  } finally {
    clearInterval(sample);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return (peak - before) / 1024 / 1024;
}

describe.each(testDatabases)("image limits on $name", (database) => {
  test.override({ database });

  test("a 16,000 × 16,000 PNG is refused in German without decoding it, nothing stored", async ({ db }) => {
    const huge = await png(16_000, 16_000);
    // Small enough for the byte limit: only its pixel count gives it away.
    expect(huge.size).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(IMAGE_MESSAGES.tooManyPixels).toBe(
      "Das Bild ist zu groß: höchstens 40 Megapixel (z. B. 8000 × 5000 Pixel).",
    );

    let refusal: unknown;
    // Decoding 256 million pixels would take about 1 GB; reading the header takes nothing.
    const growth = await peakRssGrowthMb(() =>
      storeUploadedImage(db, huge).catch((error: unknown) => {
        refusal = error;
      }),
    );
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).toBe(IMAGE_MESSAGES.tooManyPixels);
    expect(growth).toBeLessThan(100);
    expect(await db.select({ id: images.id }).from(images)).toEqual([]);
  });

  test("the limit is 40 megapixels: one row more than 8000 × 5000 is refused", async ({ db }) => {
    await expect(storeUploadedImage(db, await png(8000, 5001))).rejects.toThrow(IMAGE_MESSAGES.tooManyPixels);
    expect(await db.select({ id: images.id }).from(images)).toEqual([]);
  });

  test("a normal image is still stored with all its variants", async ({ db }) => {
    const { src, width, height } = await storeUploadedImage(db, await png(2000, 1000));
    expect({ width, height }).toEqual({ width: 2000, height: 1000 });
    const variants = await db
      .select({ width: imageVariants.width, height: imageVariants.height })
      .from(imageVariants);
    expect(variants.sort((a, b) => a.width - b.width)).toEqual([
      { width: 480, height: 240 },
      { width: 800, height: 400 },
      { width: 1200, height: 600 },
      { width: 1600, height: 800 },
    ]);
    expect(src).toMatch(/^\/media\/[0-9a-f-]{36}$/);
  });

  test("through the project editor the refusal is a 400 with the German reason beside the image", async ({
    db,
  }) => {
    const result = await saveProject(
      db,
      "create",
      {
        id: randomUUID(),
        title: "Testprojekt",
        description: "Beschreibung",
        details: "",
        image: "",
        image_focus_x: "50",
        image_focus_y: "50",
        category: "project",
        url: "",
        admin_url: "",
        show_on_homepage: false,
        tags: [],
        date: "2026-03-04",
        status: "published",
      },
      await png(16_000, 16_000),
    );
    expect(result).toEqual({
      ok: false,
      status: 400,
      message: `Error creating project: ${IMAGE_MESSAGES.tooManyPixels}`,
      errors: { image: IMAGE_MESSAGES.tooManyPixels },
    });
    expect(await listProjects(db)).toEqual([]);
  });
});
