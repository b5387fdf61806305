import { data } from "react-router";
import { PageLink } from "~/components/menu-link";
import { pageMeta } from "~/lib/meta";
import { unsubscribeByLink } from "~/lib/unsubscribe.server";
import { PERSONAL } from "~/lib/cache-control";
import type { Route } from "./+types/newsletter-unsubscribe";
import { Message } from "./newsletter-confirm";

/**
 * Every mail's unsubscribe link works with one click (issue #3). The RFC 8058 one-click POST
 * of mail providers is answered by the server itself (server/app.ts), before any page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const outcome = await unsubscribeByLink(new URL(request.url));
  return data({ outcome }, { status: outcome === "invalid" ? 400 : 200, headers: PERSONAL });
}

/** Answers about one person's link: never kept by the page cache, a proxy or the browser. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function NewsletterUnsubscribe({ loaderData }: Route.ComponentProps) {
  const { outcome } = loaderData;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-20 text-center">
      {outcome === "invalid" ? (
        <Message icon="error" title="Dieser Abmeldelink ist ungültig">
          Bitte verwende den vollständigen Link aus einer meiner E-Mails oder schreib mir über das
          Kontaktformular.
        </Message>
      ) : (
        <Message icon="ok" title="Du bist abgemeldet">
          {outcome === "done"
            ? "Deine E-Mail-Adresse wurde aus dem Verteiler gelöscht. Du erhältst keinen Newsletter mehr."
            : "Diese Anmeldung gibt es nicht mehr – du erhältst keinen Newsletter."}
        </Message>
      )}
      <PageLink to="/" className="font-semibold text-brand-700 underline underline-offset-4">
        Zurück zur Startseite
      </PageLink>
    </section>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, "Newsletter abmelden", "Abmeldung von meinem Newsletter."),
    { name: "robots", content: "noindex" },
  ];
}
