import X from "lucide-react/icons/x";
import * as Dialog from "radix-ui/dialog";
import type { RefObject } from "react";
import { isActive, mainMenu } from "~/features/site/menu";
import { useSite } from "~/features/site/public-site";
import { cn } from "~/ui/cn";
import { MenuLink } from "./menu-link";

type MobileMenuOverlayProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pathname: string;
  /** The hamburger, which gets the focus back when the overlay closes. */
  trigger: RefObject<HTMLButtonElement | null>;
};

/**
 * The full-screen overlay of the mobile navigation: slides in over 0.3 s and traps focus.
 * Loaded on demand by MobileMenu, so pages do not ship the dialog code up front.
 */
export default function MobileMenuOverlay({ open, onOpenChange, pathname, trigger }: MobileMenuOverlayProps) {
  const site = useSite();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Content
          id="mobile-menu"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-0 z-[60] scroll-pt-16 overflow-y-auto bg-white data-[state=closed]:animate-overlay-out data-[state=open]:animate-overlay-in xl:hidden"
        >
          <div className="sticky top-0 z-10 flex h-16 items-center justify-between border-b border-slate-200 bg-white px-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">Menü</Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
                aria-label="Menü schließen"
              >
                <X aria-hidden="true" className="size-6" />
              </button>
            </Dialog.Close>
          </div>
          <nav
            aria-label="Mobiles Menü"
            className="px-4 py-4"
            // The focus trap moves the focus without scrolling (Shift+Tab from the close button
            // round to the last entry): bring the focused entry into view. The header is sticky.
            onFocus={(event) => event.target.scrollIntoView({ block: "nearest" })}
          >
            <ul className="space-y-1">
              {mainMenu(site).map((item, index) => (
                <li key={index}>
                  <MenuLink
                    item={item}
                    className={cn(
                      "block rounded-lg px-3 py-3 text-base font-semibold hover:bg-brand-50",
                      isActive(item, pathname) ? "bg-brand-50 text-brand-700" : "text-slate-900",
                    )}
                    onClick={() => onOpenChange(false)}
                  />
                  {item.submenu && (
                    <ul className="mb-2 ml-3 border-l border-slate-200 pl-3">
                      {item.submenu.map((child, childIndex) => (
                        <li key={childIndex}>
                          <MenuLink
                            item={child}
                            end
                            className="block rounded-md px-3 py-2 text-sm hover:bg-brand-50"
                            activeClassName="font-semibold text-brand-700"
                            idleClassName="text-slate-700"
                            onClick={() => onOpenChange(false)}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
