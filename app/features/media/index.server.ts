/** What other features use of media on the server: the only way in from outside the folder. */
export { ImageError, storeUploadedImage, storedImageAt } from "./images.server";
