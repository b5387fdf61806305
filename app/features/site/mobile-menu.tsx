import Menu from "lucide-react/icons/menu";
import { lazy, Suspense, useRef, useState } from "react";
import { useLocation } from "react-router";

// The overlay (Radix Dialog, ~11 kB compressed) loads when the hamburger is approached.
const loadOverlay = () => import("./mobile-menu-overlay");
const MobileMenuOverlay = lazy(loadOverlay);

/**
 * Mobile navigation: the hamburger opens a full-screen overlay that slides in over 0.3 s,
 * traps focus, returns it to the button when closed, and closes on every route change.
 */
export function MobileMenu() {
  const { pathname } = useLocation();
  // Remembering where the menu was opened closes it by itself on any route change.
  const [openOn, setOpenOn] = useState<string | null>(null);
  // Once opened, the overlay stays mounted, so that closing can play its animation.
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100 xl:hidden"
        aria-label="Menü öffnen"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? "mobile-menu" : undefined}
        onPointerEnter={loadOverlay}
        onTouchStart={loadOverlay}
        onFocus={loadOverlay}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {used && (
        <Suspense>
          <MobileMenuOverlay open={open} onOpenChange={setOpen} pathname={pathname} trigger={trigger} />
        </Suspense>
      )}
    </>
  );
}
