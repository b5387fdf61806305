import { useSite } from "~/features/site/public-site";
import { DesktopMenu } from "./desktop-menu";
import { PageLink } from "./menu-link";
import { MobileMenu } from "./mobile-menu";

/** The owner's initials for the logo tile ("Max Mustermann" → "MM"). */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0])
    .join("")
    .slice(0, 3);

export function Header() {
  const { ownerName } = useSite();
  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <PageLink to="/" className="flex min-w-0 items-center gap-2 font-bold text-slate-900">
          <span
            aria-hidden="true"
            className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-600 text-sm text-white"
          >
            {initials(ownerName)}
          </span>
          <span className="hidden truncate text-base sm:inline xl:text-lg">{ownerName}</span>
          <span className="sr-only sm:hidden">{ownerName}, zur Startseite</span>
        </PageLink>
        <DesktopMenu />
        <MobileMenu />
      </div>
    </header>
  );
}
