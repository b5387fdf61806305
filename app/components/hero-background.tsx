import { useState } from "react";
import { HERO_PRODUCT_IMAGES, HERO_STOCK_IMAGES, src, srcSet, type ResponsiveImage } from "~/content/images";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";

const ALL = [...HERO_PRODUCT_IMAGES, ...HERO_STOCK_IMAGES];
const pick = (images: ResponsiveImage[]) => images[Math.floor(Math.random() * images.length)]!;

/**
 * Spec §2/§9: a random image of the ten fades in over 1 s once loaded; if it fails to load, a
 * stock image takes its place silently. Chosen in the browser, so the page itself stays the same
 * for every visitor (and cacheable); until then the hero shows its gradient.
 */
export function HeroBackground() {
  const [image, setImage] = useState(() => pick(ALL));
  const [loaded, setLoaded] = useState(false);
  // Rendered only in the browser, so server and hydration markup are the same for everyone.
  if (!useHydrated()) return null;
  return (
    <img
      key={image.base}
      src={src(image, 1280)}
      srcSet={srcSet(image)}
      sizes="100vw"
      alt=""
      width={image.width}
      height={image.height}
      data-hero-image={image.base}
      onLoad={() => setLoaded(true)}
      onError={() => {
        const fallback =
          HERO_STOCK_IMAGES.find((stock) => stock.base !== image.base) ?? HERO_STOCK_IMAGES[0]!;
        if (fallback.base !== image.base) setImage(fallback);
      }}
      className={cn(
        "absolute inset-0 -z-10 size-full object-cover transition-opacity duration-1000 ease-out",
        loaded ? "opacity-100" : "opacity-0",
      )}
    />
  );
}
