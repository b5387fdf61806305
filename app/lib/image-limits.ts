/** Upload limits and variant sizes, shared by the admin form (checked before uploading) and the server. */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;

/** Widths of the WebP variants stored for every upload. */
export const VARIANT_WIDTHS = [480, 800, 1200, 1600] as const;

export const IMAGE_MESSAGES = {
  tooLarge: `Das Bild ist zu groß: höchstens ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
  notAnImage: "Die Datei ist kein unterstütztes Bild (JPEG, PNG, WebP, AVIF oder GIF).",
} as const;
