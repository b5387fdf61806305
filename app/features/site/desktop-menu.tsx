import ChevronDown from "lucide-react/icons/chevron-down";
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useLocation } from "react-router";
import { isActive, mainMenu, type MenuItem } from "~/features/site/menu";
import { useSite } from "~/features/site/public-site";
import { cn } from "~/ui/cn";
import { MenuLink } from "./menu-link";

/** Submenus close this long after the pointer leaves (spec §9). */
export const SUBMENU_CLOSE_DELAY_MS = 300;

const itemClass =
  "inline-flex items-center rounded-md py-2 text-sm font-medium transition-colors hover:bg-brand-50 hover:text-brand-700";
const activeClass = "text-brand-700 bg-brand-50";
const idleClass = "text-slate-700";

/**
 * Desktop navigation: submenus open on hover, and from the keyboard with their toggle button
 * (disclosure pattern): Enter or Space toggles, ArrowDown opens and moves into the submenu.
 * Focus alone opens nothing, so Tab passes the main items without walking every submenu.
 */
export function DesktopMenu() {
  const { pathname } = useLocation();
  const menu = mainMenu(useSite());
  // The open submenu, remembered with the page it was opened on: a route change closes it.
  const [openState, setOpenState] = useState<{ index: number; on: string } | null>(null);
  const open = openState?.on === pathname ? openState.index : null;
  const setOpen = (update: number | null | ((current: number | null) => number | null)) =>
    setOpenState((state) => {
      const current = state?.on === pathname ? state.index : null;
      const next = typeof update === "function" ? update(current) : update;
      return next === null ? null : { index: next, on: pathname };
    });
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelClose = () => clearTimeout(closeTimer.current);
  const openNow = (index: number) => {
    cancelClose();
    setOpen(index);
  };
  const closeLater = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(null), SUBMENU_CLOSE_DELAY_MS);
  };

  useEffect(() => cancelClose, []);

  return (
    <nav aria-label="Hauptmenü" className="hidden xl:block">
      <ul className="flex items-center gap-0.5">
        {menu.map((item, index) =>
          item.submenu ? (
            <SubmenuItem
              key={index}
              listId={`submenu-${index}`}
              // The right half's dropdowns open leftwards, so an own entry at the end stays on screen.
              alignEnd={index >= menu.length / 2}
              item={item}
              active={isActive(item, pathname)}
              open={open === index}
              onOpen={() => openNow(index)}
              onCloseLater={closeLater}
              onClose={() => setOpen((current) => (current === index ? null : current))}
              onToggle={() => (open === index ? setOpen(null) : openNow(index))}
            />
          ) : (
            <li key={index}>
              <MenuLink
                item={item}
                className={cn(itemClass, "px-2.5")}
                activeClassName={activeClass}
                idleClassName={idleClass}
              />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

type SubmenuItemProps = {
  item: MenuItem;
  /** The submenu list's id (entries may share a name). */
  listId: string;
  alignEnd: boolean;
  active: boolean;
  open: boolean;
  onOpen: () => void;
  onCloseLater: () => void;
  onClose: () => void;
  onToggle: () => void;
};

function SubmenuItem({
  item,
  listId,
  alignEnd,
  active,
  open,
  onOpen,
  onCloseLater,
  onClose,
  onToggle,
}: SubmenuItemProps) {
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  /** Focuses entry `index` of the submenu (negative: from the end), opening it first. */
  const focusEntry = (index: number) => {
    if (!open) flushSync(onOpen);
    const entries = Array.from(listRef.current?.querySelectorAll("a") ?? []);
    entries.at(index % entries.length)?.focus();
  };

  return (
    <li
      className="relative"
      onPointerEnter={(event) => event.pointerType === "mouse" && onOpen()}
      onPointerLeave={(event) => event.pointerType === "mouse" && onCloseLater()}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onClose();
      }}
      onKeyDown={(event) => {
        const entries = Array.from(listRef.current?.querySelectorAll("a") ?? []);
        const current = entries.indexOf(event.target as HTMLAnchorElement);
        const inSubmenu = current !== -1;
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          onClose();
          toggleRef.current?.focus();
        } else if (event.key === "ArrowDown") {
          event.preventDefault();
          focusEntry(inSubmenu ? current + 1 : 0);
        } else if (event.key === "ArrowUp") {
          event.preventDefault();
          focusEntry(inSubmenu ? current - 1 : -1);
        } else if (inSubmenu && (event.key === "Home" || event.key === "End")) {
          event.preventDefault();
          focusEntry(event.key === "Home" ? 0 : -1);
        }
      }}
    >
      <span className="flex items-center">
        <MenuLink
          item={item}
          className={cn(itemClass, "pr-1 pl-2.5")}
          activeClassName={activeClass}
          // A page of its submenu is the current one: the section is marked too.
          idleClassName={active ? activeClass : idleClass}
        />
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={`Untermenü ${item.title}`}
          className="rounded-md p-1 text-slate-500 hover:bg-brand-50 hover:text-brand-700"
          onClick={onToggle}
        >
          <ChevronDown
            aria-hidden="true"
            className={cn("size-4 transition-transform", open && "rotate-180")}
          />
        </button>
      </span>
      <ul
        ref={listRef}
        id={listId}
        hidden={!open}
        className={cn(
          "absolute top-full z-50 mt-1 min-w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-xl",
          alignEnd ? "right-0" : "left-0",
        )}
      >
        {/* The owner's entries may share an address: keyed by place. */}
        {item.submenu?.map((child, index) => (
          <li key={index}>
            <MenuLink
              item={child}
              end
              className="block rounded-md px-3 py-2 text-sm hover:bg-brand-50 hover:text-brand-700"
              activeClassName="font-semibold text-brand-700"
              idleClassName="text-slate-700"
            />
          </li>
        ))}
      </ul>
    </li>
  );
}
