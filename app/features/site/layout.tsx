import { useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { CookieBanner } from "~/features/site/cookie-banner";
import { Footer } from "~/features/site/footer";
import { Header } from "~/features/site/header";
import { scrollToTop, ScrollToTopButton } from "~/features/site/scroll-to-top";
import { pageSettings, toPublicSite } from "~/features/settings/index.server";
import {
  loadPages,
  menusOf,
  portfolioMenuOf,
  serviceMenuOf,
  siteTextsOf,
} from "~/features/pages/index.server";
import { isAdminPath, routerPath } from "~/platform/react-router-internals/router-paths";
import { useHydrated } from "~/ui/use-hydrated";
import { bookingOpen } from "~/features/booking/index.server";
import { databaseContext } from "~/platform/http/request-context";
import type { Route } from "./+types/layout";

/** The owner's public data (PublicSite) for the header, footer, menus and contact details. */
export async function loader({ context }: Route.LoaderArgs) {
  const [{ settings }, pages, booking] = await Promise.all([
    pageSettings(context),
    loadPages(context),
    context
      .get(databaseContext)
      .then(bookingOpen)
      .catch(() => false),
  ]);
  const links = {
    services: serviceMenuOf(pages),
    portfolio: await portfolioMenuOf(context, pages),
    menus: menusOf(pages),
    texts: siteTextsOf(pages),
  };
  return { site: { ...toPublicSite(settings, links), bookingOpen: booking } };
}

/**
 * The shared frame of every public page (spec §1): header, main with transition, footer. The admin
 * area has a frame of its own (its layout's header) on every screen size: the public header and
 * footer would take a third of a phone's screen there and lead away from unsaved forms. Nor does
 * it show the cookie banner (it stores nothing there a visitor is told about; its sign-in cookies
 * are in the Cookie-Richtlinie) or the floating "Nach oben" button, which would cover its sticky
 * bars.
 */
export default function SiteLayout() {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  const admin = isAdminPath(routerPath(pathname).path);
  const hydrated = useHydrated();

  // Every navigation scrolls smoothly to the top (spec §2). Not on the first render: the browser
  // has placed a freshly loaded page already, and scrolling then forced a layout mid-hydration.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    scrollToTop();
  }, [pathname]);

  if (admin) {
    return (
      // data-hydrated: the admin's sign that React has taken over (the public frame's is the
      // footer's mailto: link), for the end-to-end tests.
      <main
        id="main"
        tabIndex={-1}
        data-hydrated={hydrated || undefined}
        className="admin-frame outline-none"
      >
        <Outlet />
      </main>
    );
  }

  return (
    <>
      <a
        href="#main"
        className="sr-only z-[70] rounded-md bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Zum Inhalt springen
      </a>
      {/* Early in the tab order so keyboard users meet the notice first; shown at the bottom. */}
      <CookieBanner />
      <Header />
      <main id="main" tabIndex={-1} className="page-transition min-h-[70vh] pt-16 outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollToTopButton />
    </>
  );
}
