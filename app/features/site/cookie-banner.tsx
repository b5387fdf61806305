import Cookie from "lucide-react/icons/cookie";
import X from "lucide-react/icons/x";
import { useEffect, useState } from "react";
import { COOKIE_BANNER_TEXT } from "~/features/site/messages";
import { Button, buttonClass } from "~/ui/button";
import { PageLink } from "./menu-link";

/** Spec §4/§9: shown 1.5 s after load unless this localStorage flag exists. */
export const COOKIE_STORAGE_KEY = "cookiesAccepted";
export const COOKIE_BANNER_DELAY_MS = 1500;

function readFlag(): string | null {
  try {
    return window.localStorage.getItem(COOKIE_STORAGE_KEY);
  } catch {
    return null; // storage blocked: show the banner, it still closes for this page view
  }
}

export function CookieBanner() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (readFlag() !== null) return;
    const timer = setTimeout(() => setVisible(true), COOKIE_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const accept = () => {
    try {
      window.localStorage.setItem(COOKIE_STORAGE_KEY, "true");
    } catch {
      // storage blocked: hiding for this page view is all we can do
    }
    setVisible(false);
  };

  if (!visible) return null;
  return (
    <section
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-3 bottom-3 z-50 animate-banner-in rounded-2xl border border-slate-200 bg-white p-5 shadow-2xl sm:inset-x-auto sm:right-6 sm:bottom-6 sm:max-w-md"
    >
      <button
        type="button"
        onClick={accept}
        aria-label="Cookie-Hinweis schließen"
        className="absolute top-3 right-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
      <h2
        id="cookie-banner-title"
        className="flex items-center gap-2 pr-8 text-base font-semibold text-slate-900"
      >
        <Cookie aria-hidden="true" className="size-5 text-brand-600" />
        Wir verwenden Cookies
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        {COOKIE_BANNER_TEXT} Mehr dazu in der{" "}
        <PageLink to="/datenschutz" className="font-medium text-brand-700 underline underline-offset-2">
          Datenschutzerklärung
        </PageLink>
        .
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="button" onClick={accept}>
          Akzeptieren
        </Button>
        <PageLink to="/cookies" className={buttonClass({ variant: "secondary" })}>
          Mehr erfahren
        </PageLink>
      </div>
    </section>
  );
}
