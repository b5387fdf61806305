/**
 * Metadata of the generated raster artwork in public/images/ (see
 * tools/artwork/generate-images.js, which writes every file listed here).
 * Dependency-free on purpose so it can ship to the browser.
 *
 * File names follow `${base}-${width}.webp` for each entry of `widths`.
 */
export type ResponsiveImage = {
  /** Public path without width suffix and extension, e.g. "/images/hero/product-1". */
  base: string;
  /** Available widths in px, ascending. */
  widths: number[];
  /** Intrinsic width of the largest variant. */
  width: number;
  /** Intrinsic height of the largest variant. */
  height: number;
  /** German alt text; "" for purely decorative images. */
  alt: string;
};

const HERO_WIDTHS = [640, 1280, 1920];

function hero(name: string): ResponsiveImage {
  return { base: `/images/hero/${name}`, widths: HERO_WIDTHS, width: 1920, height: 1080, alt: "" };
}

/** Stylised product scenes (laptop, books, phone app, course player, desk); decorative. */
export const HERO_PRODUCT_IMAGES: ResponsiveImage[] = [1, 2, 3, 4, 5].map((i) => hero(`product-${i}`));

/** Photo-like landscapes (mountains, ocean, skyline, forest, aurora); decorative. */
export const HERO_STOCK_IMAGES: ResponsiveImage[] = [1, 2, 3, 4, 5].map((i) => hero(`stock-${i}`));

export const TEAM_IMAGE: ResponsiveImage = {
  base: "/images/about/team",
  widths: [480, 720, 1024, 1600],
  width: 1600,
  height: 1067,
  alt: "Illustration eines hellen Arbeitsraums: Vier Personen besprechen sich an einem runden Tisch, eine weitere arbeitet am Schreibtisch mit zwei Bildschirmen, dazu Regale und Pflanzen.",
};

export const CONTACT_HEADER_IMAGE: ResponsiveImage = {
  base: "/images/contact/header",
  widths: [640, 1280, 1920],
  width: 1920,
  height: 600,
  alt: "Illustration eines Briefumschlags und eines Papierfliegers auf indigoblauem Hintergrund.",
};

/** `srcset` value, e.g. "/images/hero/product-1-640.webp 640w, …". */
export function srcSet(image: ResponsiveImage): string {
  return image.widths.map((w) => `${image.base}-${w}.webp ${w}w`).join(", ");
}

/**
 * URL of one variant: the largest by default, otherwise the smallest variant
 * at least `width` px wide (or the largest if none is).
 */
export function src(image: ResponsiveImage, width?: number): string {
  const largest = image.widths[image.widths.length - 1];
  const chosen = width === undefined ? largest : (image.widths.find((w) => w >= width) ?? largest);
  return `${image.base}-${chosen}.webp`;
}
