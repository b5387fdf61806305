import { useEffect, useRef } from "react";
import { useNonce } from "~/platform/http/nonce";
import { MAIN_IMAGE } from "~/ui/main-image";
import { focusStyle, imageSources } from "~/features/media";
import type { PageImage } from "~/features/pages/page-content";

/** `position`: the image's focal point as CSS `object-position` ("" for the centre). */
type HeroSource = { base: string; src: string; srcset: string; alt: string; position: string };

const toSource = (image: PageImage): HeroSource => {
  const { src, srcSet } = imageSources(image.src, 1280);
  const position = String(focusStyle(image.focus)?.objectPosition ?? "");
  return { base: image.src, src, srcset: srcSet ?? "", alt: image.alt, position };
};
/** The built-in landscapes: where the set has them, a failed image is replaced by one of them. */
const isStock = (image: PageImage) => image.src.startsWith("/images/hero/stock-");

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
    img.alt = image.alt;
    img.style.objectPosition = image.position;
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

const inlineScript = (all: HeroSource[], fallbacks: HeroSource[]) =>
  `(${showRandomHeroImage.toString()})(...document.currentScript.parentElement.querySelectorAll("[data-hero]"),${JSON.stringify(all).replaceAll("<", "\\u003c")},${JSON.stringify(fallbacks).replaceAll("<", "\\u003c")})`;

/**
 * Spec §2/§9: a random image of the set (ten built-in ones, or the owner's) fades in over 1 s
 * once loaded; if it fails to load, a stock image (else another of the set) takes its place
 * silently. Chosen in the browser, so the HTML stays the same for
 * every visitor (and cacheable); until the image is there the hero shows its gradient, and
 * without JavaScript it stays that way.
 */
export function HeroBackground({ images }: { images: PageImage[] }) {
  const nonce = useNonce();
  const image = useRef<HTMLImageElement>(null);
  const veil = useRef<HTMLDivElement>(null);
  const all = images.map(toSource);
  const stock = images.filter(isStock).map(toSource);
  const fallbacks = stock.length > 0 ? stock : all;
  const { width, height } = images[0]!;
  useEffect(() => {
    if (image.current && veil.current) showRandomHeroImage(image.current, veil.current, all, fallbacks);
    // Once per mount, as the inline script runs once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: inlineScript(all, fallbacks) }}
      />
    </>
  );
}
