import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useRouteLoaderData,
  type LinksFunction,
} from "react-router";
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { Route } from "./+types/root";
import "./app.css";
import { env } from "./platform/env.server";
import { clearFlashCookie, flashContext, readFlash } from "./platform/http/flash.server";
import { useNonce } from "./platform/http/nonce";
import { isAdminPath, routerPath } from "./platform/react-router-internals/router-paths";
import { categoryFilter } from "./features/projects/project";
import { loadSonner, toast, useToastRequested } from "./ui/toast";
import { HydrationProvider, useHydrated } from "./ui/use-hydrated";

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/**
 * Reads the one-time flash message of the request and clears its cookie on the response. Only a
 * GET shows it: a request that changes something (an editor's preview, a passkey ceremony) may
 * overlap the GET that follows a redirect, and must not take its message away.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const flash = request.method === "GET" ? readFlash(request) : undefined;
    context.set(flashContext, flash ?? null);
    const response = await next();
    if (flash) response.headers.append("Set-Cookie", clearFlashCookie());
    return response;
  },
];

export function loader({ context }: Route.LoaderArgs) {
  return { flash: context.get(flashContext), origin: env().PUBLIC_URL };
}

/** One canonical URL per page (spec: /project/{id} for both detail paths). */
function canonicalPath(pathname: string, search: string): string {
  const detail = pathname.match(/^\/projects\/([^/]+)$/);
  if (detail) return `/project/${detail[1]}`;
  // Only a known category: whatever else the query holds is not a page of its own.
  const category = pathname === "/projects" ? categoryFilter(new URLSearchParams(search)) : null;
  return category ? `/projects?category=${category}` : pathname;
}

// A flash message can follow any redirect, so the root data is fresh on every navigation.
export const shouldRevalidate = () => true;

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  const { pathname, search } = useLocation();
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4338ca" />
        <Meta />
        {root && <link rel="canonical" href={root.origin + canonicalPath(pathname, search)} />}
        <Links />
      </head>
      <body className="min-h-dvh bg-white font-sans text-slate-800 antialiased">
        <HydrationProvider>{children}</HydrationProvider>
        <Toasts />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

const WIDE = "(min-width: 48rem)";
const subscribeToWidth = (listener: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
};
const isWide = () => window.matchMedia(WIDE).matches;

/** The one toaster, mounted with the page's first toast (see lib/toast.ts). */
function Toasts() {
  if (!useToastRequested()) return null;
  return <ToasterInPlace />;
}

function ToasterInPlace() {
  const { pathname } = useLocation();
  const wide = useSyncExternalStore(subscribeToWidth, isWide, () => false);
  // On a wide screen, admin toasts appear at the bottom, clear of the headings and the header's
  // notice. On a phone the bottom holds the list cards' buttons, which a toast would hide from
  // the keyboard's focus: there they stay at the top, below the header.
  const admin = isAdminPath(routerPath(pathname).path);
  return (
    <Suspense>
      {/* Below the public frame's fixed header (4 rem), so a toast never covers the menu; the
          admin area has no fixed header. There, at most two at once (more would cover the form
          the owner works on), each with a 44 px close button (app.css). */}
      <Toaster
        position={admin && wide ? "bottom-right" : "top-center"}
        offset={{ top: admin ? 16 : 80 }}
        mobileOffset={{ top: admin ? 12 : 76 }}
        visibleToasts={admin ? 2 : 3}
        className={admin ? "admin-toasts" : undefined}
        richColors
        closeButton
        toastOptions={{ closeButtonAriaLabel: "Meldung schließen" }}
        duration={5000}
      />
    </Suspense>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { flash } = loaderData;
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  useEffect(() => {
    if (flash) toast[flash.type](flash.title, { description: flash.description });
  }, [flash]);

  return (
    <>
      {flash && !hydrated && (
        // Without JavaScript there are no toasts: the message is part of the page instead.
        <p
          role={flash.type === "error" ? "alert" : "status"}
          className={`fixed inset-x-0 ${isAdminPath(routerPath(pathname).path) ? "top-0" : "top-16"} z-40 bg-slate-900 px-4 py-3 text-center text-sm text-white`}
        >
          {flash.title}
          {flash.description && ` – ${flash.description}`}
        </p>
      )}
      <Outlet />
    </>
  );
}

/** Last line of defence: a German page, never a stack trace or SQL. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-6xl font-bold text-brand-600">{status}</p>
      <h1 className="text-2xl font-semibold text-slate-900">Da ist etwas schiefgelaufen</h1>
      <p className="text-slate-600">Bitte versuche es in einem Moment noch einmal.</p>
      <a href="/" className="font-semibold text-brand-700 underline underline-offset-4">
        Zurück zur Startseite
      </a>
    </main>
  );
}
