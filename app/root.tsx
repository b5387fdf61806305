import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, type LinksFunction } from "react-router";
import { Toaster } from "sonner";
import type { Route } from "./+types/root";
import "./app.css";
import { useNonce } from "./lib/nonce";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4338ca" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-white font-sans text-slate-800 antialiased">
        {children}
        <Toaster position="top-center" richColors closeButton duration={5000} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
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
