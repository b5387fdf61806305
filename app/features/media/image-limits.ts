/** Upload limits and variant sizes, shared by the admin form (checked before uploading) and the server. */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;

/**
 * Most pixels an upload may have. A small file can announce a huge image (a 16,000 × 16,000 PNG
 * of one colour is under 1 MB); decoding it would take about 1 GB of memory. 40 megapixels is
 * more than any camera photo the site needs and decodes within the server's memory.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** Widths of the WebP variants stored for every upload. */
export const VARIANT_WIDTHS = [480, 800, 1200, 1600] as const;

export const IMAGE_MESSAGES = {
  tooLarge: `Das Bild ist zu groß: höchstens ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
  tooManyPixels: `Das Bild ist zu groß: höchstens ${MAX_INPUT_PIXELS / 1_000_000} Megapixel (z. B. 8000 × 5000 Pixel).`,
  notAnImage: "Die Datei ist kein unterstütztes Bild (JPEG, PNG, WebP, AVIF oder GIF).",
  uploadFailed: "Das Bild konnte nicht hochgeladen werden. Bitte versuche es noch einmal.",
  uploading: (percent: number) => `Bild wird hochgeladen … ${percent} %`,
  processing: "Wird verarbeitet …",
} as const;
