import { data } from "react-router";
import { PageLink } from "~/components/menu-link";
import { getDb } from "~/db/db.server";
import { unsubscribe, verifyUnsubscribe } from "~/db/newsletter.server";
import { pageMeta } from "~/lib/meta";
import { installationSecret } from "~/lib/security.server";
import { isUuid } from "~/lib/uuid";
import type { Route } from "./+types/newsletter-unsubscribe";
import { Message } from "./newsletter-confirm";

type Outcome = "done" | "gone" | "invalid";

/** Checks the signed link and deletes the subscription. */
async function handle(url: URL): Promise<Outcome> {
  const id = url.searchParams.get("id") ?? "";
  const signature = url.searchParams.get("sig") ?? "";
  if (!isUuid(id) || !signature) return "invalid";
  const db = await getDb();
  if (!verifyUnsubscribe(await installationSecret(db), id, signature)) return "invalid";
  return (await unsubscribe(db, id)) ? "done" : "gone";
}

/** Every mail's unsubscribe link works with one click (spec/issue #3). */
export async function loader({ request }: Route.LoaderArgs) {
  const outcome = await handle(new URL(request.url));
  return data({ outcome }, { status: outcome === "invalid" ? 400 : 200 });
}

/** RFC 8058 one-click unsubscribe: mail clients POST to the List-Unsubscribe URL. */
export async function action({ request }: Route.ActionArgs) {
  const outcome = await handle(new URL(request.url));
  return data({ outcome }, { status: outcome === "invalid" ? 400 : 200 });
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? loaderData.outcome;
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

export const meta = () => [
  ...pageMeta("Newsletter abmelden", "Abmeldung von meinem Newsletter."),
  { name: "robots", content: "noindex" },
];
