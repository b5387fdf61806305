/** What other features use of media on the server: the only way in from outside the folder. */
export { ImageError, storeUploadedImage } from "./images.server";
