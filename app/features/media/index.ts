/** What other features use of media: the only way in from outside the folder. */
export {
  CONTACT_HEADER_IMAGE,
  HERO_PRODUCT_IMAGES,
  HERO_STOCK_IMAGES,
  type ResponsiveImage,
  TEAM_IMAGE,
  src,
  srcSet,
} from "./built-in-images";
export { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from "./image-limits";
export { imageSources, isUpload } from "./image-sources";
export { CENTRE, FOCUS_LABELS, FOCUS_MESSAGE, type Focus, clampPercent, focusStyle } from "./focus";
export { FocalPointPicker } from "./admin-focal-point-picker";
export { useFilePreview } from "./admin-use-file-preview";
export { UploadProgressBar } from "./admin-upload-progress";
export { type UploadProgress, uploadImage } from "./admin-upload-with-progress";
