import { CONTACT_HEADER_IMAGE, HERO_PRODUCT_IMAGES, HERO_STOCK_IMAGES, TEAM_IMAGE } from "./built-in-images";
import { VARIANT_WIDTHS } from "./image-limits";

/**
 * Responsive sources of an image of the site. Uploads (/media/<id>) have WebP variants at
 * VARIANT_WIDTHS; the built-in raster images (app/features/media/built-in-images.ts) at their own widths, named
 * `${base}-${width}.webp`; anything else (an SVG, an external address) is a single file.
 */
const UPLOAD = /^\/media\/[0-9a-f-]{36}$/i;

export const isUpload = (image: string) => UPLOAD.test(image);

const BUILT_IN_WIDTHS = new Map(
  [TEAM_IMAGE, CONTACT_HEADER_IMAGE, ...HERO_PRODUCT_IMAGES, ...HERO_STOCK_IMAGES].map((image) => [
    image.base,
    image.widths,
  ]),
);

const fileOf = (image: string, width: number) =>
  isUpload(image) ? `${image}/${width}.webp` : `${image}-${width}.webp`;

/**
 * `src` (the smallest variant at least `width` px wide, else the largest) and `srcSet` (every
 * variant) of an image; a single file has no srcSet.
 */
export function imageSources(image: string, width = 800): { src: string; srcSet?: string } {
  const widths = isUpload(image) ? VARIANT_WIDTHS : BUILT_IN_WIDTHS.get(image);
  if (!widths) return { src: image };
  const chosen = widths.find((w) => w >= width) ?? widths[widths.length - 1]!;
  return {
    src: fileOf(image, chosen),
    srcSet: widths.map((w) => `${fileOf(image, w)} ${w}w`).join(", "),
  };
}
