/** Responsive sources for a project image: uploads (/media/<id>) have WebP variants. */
import { VARIANT_WIDTHS } from "./image-limits";

export function imageSources(image: string, defaultWidth = 800): { src: string; srcSet?: string } {
  if (/^\/media\/[0-9a-f-]{36}$/i.test(image)) {
    return {
      src: `${image}/${defaultWidth}.webp`,
      srcSet: VARIANT_WIDTHS.map((width) => `${image}/${width}.webp ${width}w`).join(", "),
    };
  }
  return { src: image };
}
