import { site } from "~/content/site";
import { DesktopMenu } from "./desktop-menu";
import { PageLink } from "./menu-link";
import { MobileMenu } from "./mobile-menu";

export function Header() {
  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <PageLink to="/" className="flex items-center gap-2 font-bold text-slate-900">
          <span
            aria-hidden="true"
            className="grid size-9 place-items-center rounded-lg bg-brand-600 text-sm text-white"
          >
            {site.owner.name
              .split(" ")
              .map((part) => part[0])
              .join("")}
          </span>
          <span className="hidden text-base sm:inline xl:text-lg">{site.owner.name}</span>
          <span className="sr-only sm:hidden">{site.owner.name}, zur Startseite</span>
        </PageLink>
        <DesktopMenu />
        <MobileMenu />
      </div>
    </header>
  );
}
