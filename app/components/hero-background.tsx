import { useEffect, useRef } from "react";
import { HERO_PRODUCT_IMAGES, HERO_STOCK_IMAGES, src, srcSet, type ResponsiveImage } from "~/content/images";
import { useNonce } from "~/lib/nonce";
import { MAIN_IMAGE } from "~/lib/main-image";

type HeroSource = { base: string; src: string; srcset: string };

const toSource = (image: ResponsiveImage): HeroSource => ({
  base: image.base,
  src: src(image, 1280),
  srcset: srcSet(image),
});
const ALL = [...HERO_PRODUCT_IMAGES, ...HERO_STOCK_IMAGES].map(toSource);
const STOCK = HERO_STOCK_IMAGES.map(toSource);
/** All ten share one size. */
const { width, height } = HERO_STOCK_IMAGES[0]!;

/**
 * Picks one of the ten images at random, fades it in once loaded and, when it fails to load,
 * tries the stock images that have not failed yet. The fade lifts a veil (the hero's gradient)
 * off the image instead of raising the image's opacity: the pixels are the same at every moment
 * of the second, but the image counts as painted when it is (Chrome reports an element that
 * fades in from opacity 0 only once the fade is over, a second late).
 *
 * Self-contained on purpose: the server inlines its source (toString) as a script right after
 * the elements, so the image is requested while the page is still being parsed instead of after
 * hydration (it is the home page's largest paint). After a client-side navigation the effect
 * below calls it instead.
 */
function showRandomHeroImage(
  img: HTMLImageElement,
  veil: HTMLElement,
  all: HeroSource[],
  stock: HeroSource[],
) {
  if (img.dataset.heroImage) return;
  const tried: string[] = [];
  const show = (image: HeroSource) => {
    tried.push(image.base);
    img.dataset.heroImage = image.base;
    img.srcset = image.srcset;
    img.src = image.src;
  };
  img.onload = () => {
    veil.style.opacity = "0";
  };
  img.onerror = () => {
    const fallback = stock.find((image) => !tried.includes(image.base));
    if (fallback) show(fallback);
  };
  show(all[Math.floor(Math.random() * all.length)]!);
}

const INLINE_SCRIPT = `(${showRandomHeroImage.toString()})(...document.currentScript.parentElement.querySelectorAll("[data-hero]"),${JSON.stringify(ALL)},${JSON.stringify(STOCK)})`;

/**
 * Spec §2/§9: a random image of the ten fades in over 1 s once loaded; if it fails to load, a
 * stock image takes its place silently. Chosen in the browser, so the HTML stays the same for
 * every visitor (and cacheable); until the image is there the hero shows its gradient, and
 * without JavaScript it stays that way.
 */
export function HeroBackground() {
  const nonce = useNonce();
  const image = useRef<HTMLImageElement>(null);
  const veil = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (image.current && veil.current) showRandomHeroImage(image.current, veil.current, ALL, STOCK);
  }, []);
  return (
    <>
      {/* The script sets src, srcset and the veil's opacity: React leaves them alone. */}
      <img
        ref={image}
        data-hero=""
        alt=""
        sizes="100vw"
        width={width}
        height={height}
        fetchPriority="high"
        {...MAIN_IMAGE}
        suppressHydrationWarning
        className="absolute inset-0 -z-10 size-full object-cover"
      />
      <div
        ref={veil}
        data-hero=""
        data-hero-veil=""
        aria-hidden="true"
        suppressHydrationWarning
        className="absolute inset-0 -z-10 bg-gradient-to-br from-brand-900 via-brand-700 to-slate-900 transition-opacity duration-1000 ease-out"
      />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: INLINE_SCRIPT }} />
    </>
  );
}
