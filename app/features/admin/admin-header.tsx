import ArrowLeft from "lucide-react/icons/arrow-left";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import LogOut from "lucide-react/icons/log-out";
import Menu from "lucide-react/icons/menu";
import X from "lucide-react/icons/x";
import { useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { ADMIN_MESSAGES } from "~/features/admin/messages";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";

const TABS = [
  { to: "/admin", label: "Projekte", end: true },
  { to: "/admin/inhalte", label: "Inhalte" },
  { to: "/admin/kontaktanfragen", label: "Kontaktanfragen" },
  { to: "/admin/newsletter", label: "Newsletter" },
  { to: "/admin/profil", label: "Profil" },
  { to: "/admin/einstellungen", label: "Einstellungen" },
  { to: "/admin/datenschutz", label: "Datenschutz" },
  { to: "/admin/statistik", label: "Statistik" },
  { to: "/admin/termine", label: "Termine" },
];

const MENU_ID = "admin-menu";
const MENU_BUTTON_ID = "admin-menu-button";

/**
 * The admin's header. From `md` up: the title, the go-live notice, "Zur Website" and Logout in a
 * row, the tabs below (as before). On a phone it is one line, the title and "Menü", which opens
 * the tabs as a list with the notice, "Zur Website" and Logout; the number of open go-live items
 * stays on the button. Without JavaScript the list is simply open.
 */
export function AdminHeader({ goLiveOpen }: { goLiveOpen: number }) {
  // Open on the page it was opened on: a tab chosen from the list closes it.
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      document.getElementById(MENU_BUTTON_ID)?.focus();
    };
    document.addEventListener("keydown", close);
    return () => document.removeEventListener("keydown", close);
  }, [open]);

  return (
    <header className="border-b border-slate-200 md:border-0">
      <noscript>
        <style>{`#${MENU_ID}{display:block}#${MENU_BUTTON_ID}{display:none}`}</style>
      </noscript>
      <div className="flex min-h-14 items-center justify-between gap-4">
        <h1 className="text-xl font-bold tracking-tight text-slate-900 md:text-3xl">
          {ADMIN_MESSAGES.heading}
        </h1>
        <div className="hidden flex-wrap items-center gap-3 md:flex">
          {goLiveOpen > 0 && <GoLiveNotice open={goLiveOpen} />}
          <WebsiteLink />
          <LogoutButton />
        </div>
        <button
          type="button"
          id={MENU_BUTTON_ID}
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpenOn(open ? null : key)}
          className="-mr-2 inline-flex min-h-11 min-w-11 items-center gap-2 rounded-lg px-3 font-semibold text-slate-800 hover:bg-slate-100 md:hidden"
        >
          {open ? (
            <X aria-hidden="true" className="size-5" />
          ) : (
            <Menu aria-hidden="true" className="size-5" />
          )}
          Menü
          {goLiveOpen > 0 && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm text-amber-900">
              {goLiveOpen}
              <span className="sr-only"> {goLiveOpen === 1 ? "offener Punkt" : "offene Punkte"}</span>
            </span>
          )}
        </button>
      </div>
      <div id={MENU_ID} className={cn("pb-3 md:mt-6 md:block md:pb-0", !open && "hidden")}>
        <nav aria-label="Admin-Bereiche" className="md:border-b md:border-slate-200">
          <ul className="flex flex-col md:-mb-px md:flex-row md:flex-wrap md:gap-1">
            {TABS.map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  end={tab.end}
                  className={({ isActive }) =>
                    cn(
                      "flex min-h-11 items-center border-l-4 px-4 py-2.5 font-semibold md:inline-block md:min-h-0 md:border-b-2 md:border-l-0 md:text-sm",
                      isActive
                        ? "border-brand-600 bg-brand-50 text-brand-700 md:bg-transparent"
                        : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
                    )
                  }
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-3 flex flex-col items-start gap-3 md:hidden">
          {goLiveOpen > 0 && <GoLiveNotice open={goLiveOpen} />}
          <div className="flex flex-wrap gap-3">
            <WebsiteLink />
            <LogoutButton />
          </div>
        </div>
      </div>
    </header>
  );
}

function GoLiveNotice({ open }: { open: number }) {
  return (
    <Link
      to="/admin/einstellungen"
      className="inline-flex min-h-11 items-center gap-2 rounded-full bg-amber-100 px-3 py-1.5 text-sm font-semibold text-amber-900 hover:bg-amber-200"
    >
      <CircleAlert aria-hidden="true" className="size-4" />
      {ADMIN_MESSAGES.goLiveNotice(open)}
    </Link>
  );
}

/** The public header's way back to the site, which the admin area no longer shows. */
export function WebsiteLink() {
  return (
    <a
      href="/"
      className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Zur Website
    </a>
  );
}

function LogoutButton() {
  return (
    <Form method="post" action="/admin/logout">
      <Button type="submit" variant="secondary">
        <LogOut aria-hidden="true" className="size-4" />
        Logout
      </Button>
    </Form>
  );
}
