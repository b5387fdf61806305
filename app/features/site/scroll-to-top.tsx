import ArrowUp from "lucide-react/icons/arrow-up";
import { useEffect, useState } from "react";
import { cn, prefersReducedMotion } from "~/ui/cn";

/** The button appears once the page is scrolled further than this (spec §9). */
export const SCROLL_TOP_THRESHOLD_PX = 300;

export function scrollToTop() {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "instant" : "smooth" });
}

export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  return (
    <button
      type="button"
      onClick={() => {
        // Move focus to the top of the content first: the button hides itself on the way up,
        // and a focused element disappearing would stop the smooth scroll.
        document.getElementById("main")?.focus({ preventScroll: true });
        scrollToTop();
      }}
      aria-label="Zum Seitenanfang scrollen"
      hidden={!visible}
      className={cn(
        "fixed right-4 bottom-4 z-40 grid size-12 place-items-center rounded-full bg-brand-600 text-white shadow-lg transition hover:bg-brand-700",
      )}
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
