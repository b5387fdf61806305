import { data, Form, useLocation, useNavigation } from "react-router";
import { PageLink } from "~/components/menu-link";
import { Button } from "~/components/ui/button";
import { UNSUBSCRIBE_BUTTON_INTENT } from "~/lib/forms";
import { pageMeta } from "~/lib/meta";
import { inspectUnsubscribeLink, unsubscribeByLink } from "~/lib/unsubscribe.server";
import { PERSONAL } from "~/lib/cache-control";
import type { Route } from "./+types/newsletter-unsubscribe";
import { Message } from "./newsletter-confirm";

/**
 * Every mail's unsubscribe link (issue #14). Opening it changes nothing: link scanners open every
 * link of a mail. The button's POST unsubscribes; the RFC 8058 one-click POST of mail providers
 * is answered by the server itself (server/app.ts), before any page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const link = await inspectUnsubscribeLink(new URL(request.url));
  return data({ link }, { status: link.state === "invalid" ? 400 : 200, headers: PERSONAL });
}

export async function action({ request }: Route.ActionArgs) {
  const outcome = await unsubscribeByLink(new URL(request.url));
  return data({ outcome }, { status: outcome === "invalid" ? 400 : 200, headers: PERSONAL });
}

/** Answers about one person's link: never kept by the page cache, a proxy or the browser. */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { search } = useLocation();
  const busy = useNavigation().state !== "idle";
  const outcome = actionData?.outcome ?? (loaderData.link.state === "gone" ? "gone" : undefined);
  const { link } = loaderData;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-20 text-center">
      {outcome === "invalid" || (!outcome && link.state === "invalid") ? (
        <Message icon="error" title="Dieser Abmeldelink ist ungültig">
          Bitte verwende den vollständigen Link aus einer meiner E-Mails oder schreib mir über das
          Kontaktformular.
        </Message>
      ) : outcome ? (
        <Message icon="ok" title="Du bist abgemeldet">
          {outcome === "done"
            ? "Deine E-Mail-Adresse wurde aus dem Verteiler gelöscht. Du erhältst keinen Newsletter mehr."
            : "Diese Anmeldung gibt es nicht mehr – du erhältst keinen Newsletter."}
        </Message>
      ) : (
        <>
          <Message icon="wait" title="Newsletter abbestellen">
            Möchtest du den Newsletter an{" "}
            <strong className="font-semibold text-slate-900">
              {link.state === "pending" ? link.maskedEmail : ""}
            </strong>{" "}
            abbestellen? Ein Klick genügt, danach erhältst du keine E-Mails mehr.
          </Message>
          <Form method="post" action={`/newsletter/abmelden${search}`}>
            <input type="hidden" name="intent" value={UNSUBSCRIBE_BUTTON_INTENT} />
            <Button type="submit" disabled={busy}>
              Abmelden
            </Button>
          </Form>
        </>
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
