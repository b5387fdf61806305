import { data, Form, useLocation, useNavigation } from "react-router";
import { PageLink, pageMeta } from "~/features/site";
import { FORM_GUARD_MESSAGES } from "~/platform/forms/messages";
import { Button } from "~/ui/button";
import { PERSONAL } from "~/platform/http/cache-control";
import type { Route } from "./+types/newsletter-unsubscribe";
import { inspectUnsubscribeLink, unsubscribeByLink } from "./newsletter-unsubscribe.server";
import { Message } from "./newsletter-confirm";
import { databaseContext } from "~/platform/http/request-context";

/**
 * The page's button sends this as `intent`, so the middleware tells it from a mail client's
 * one-click POST (RFC 8058) to the same URL. Kept here, not in lib/forms.ts: that module brings
 * the schema library, which would then be shared by two public pages and load on every page.
 */
const UNSUBSCRIBE_BUTTON_INTENT = "abmelden";

/**
 * Every mail's unsubscribe link. Opening it changes nothing: link scanners open every
 * link of a mail. The button's POST (`intent=abmelden`) unsubscribes through the action; every
 * other POST to the link is the RFC 8058 one-click unsubscribe of mail providers
 * (`List-Unsubscribe=One-Click`), answered by the middleware below with a line of text, before
 * any page. Mail providers post from their own servers, without our cookies or a form token:
 * the signed link is the authorisation (and server/request-guards.ts lets this POST through
 * from any site).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    // The document URL only: the page's own `.data` requests always go to the action.
    if (request.method !== "POST" || new URL(request.url).pathname.endsWith(".data")) return next();
    const form = await request
      .clone()
      .formData()
      .catch(() => undefined);
    if (form?.get("intent") === UNSUBSCRIBE_BUTTON_INTENT) return next();
    const outcome = await context
      .get(databaseContext)
      .then((db) => unsubscribeByLink(db, new URL(request.url)))
      .catch(() => "error" as const);
    if (outcome === "invalid") return oneClickAnswer("Dieser Abmeldelink ist ungültig.", 400);
    if (outcome === "error") return oneClickAnswer(FORM_GUARD_MESSAGES.unavailable, 503);
    return oneClickAnswer("Du bist abgemeldet.", 200);
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const link = await inspectUnsubscribeLink(await context.get(databaseContext), new URL(request.url));
  return data({ link }, { status: link.state === "invalid" ? 400 : 200, headers: PERSONAL });
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await unsubscribeByLink(await context.get(databaseContext), new URL(request.url));
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

/** For the mail provider's server: plain text, nothing to keep, no cookie. */
function oneClickAnswer(text: string, status: number): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=UTF-8" } });
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, "Newsletter abmelden", "Abmeldung von meinem Newsletter."),
    { name: "robots", content: "noindex" },
  ];
}
