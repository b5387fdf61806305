/** What other features use of media on the server: the only way in from outside the folder. */
export { ImageError, storeUploadedImage, storedImageAt } from "./images.server";
// The focal point's zod schema is for the server's validation only: through ./index.ts, every
// public page would count it as shared and load zod with it (vite.config.ts, chunkGroup).
export { FocusSchema, focusPercent } from "./focus-schema";
