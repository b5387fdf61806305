import CheckCircle2 from "lucide-react/icons/circle-check";
import Clock from "lucide-react/icons/clock";
import XCircle from "lucide-react/icons/circle-x";
import { data, Form, useNavigation } from "react-router";
import { PageLink, pageMeta } from "~/features/site";
import { Button } from "~/ui/button";
import { confirm, inspectToken, resendForExpiredToken } from "~/features/newsletter/subscribers.server";
import { env } from "~/platform/env.server";
import { installationSecret } from "~/platform/db/installation-secret.server";
import { PERSONAL } from "~/platform/http/cache-control";
import type { Route } from "./+types/newsletter-confirm";
import { databaseContext, mailQueuedContext } from "~/platform/http/request-context";
import { countConversion } from "~/features/statistics/index.server";

/**
 * The link of the confirmation mail. Opening it changes nothing (mail scanners open links);
 * the visitor's button press, a POST, confirms.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = await inspectToken(await context.get(databaseContext), token);
  return data(
    { token, state: state.state },
    { status: state.state === "invalid" ? 400 : 200, headers: PERSONAL },
  );
}

/** Answers about one person's link: never kept by the page cache, a proxy or the browser. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => undefined);
  const token = String(form?.get("token") ?? "");
  const db = await context.get(databaseContext);
  if (form?.get("intent") === "resend") {
    const result = await resendForExpiredToken(db, token, {
      publicUrl: env().PUBLIC_URL,
      secret: await installationSecret(db),
    });
    if (result === "sent") context.get(mailQueuedContext)();
    return data({ resent: result }, { status: result === "invalid" ? 400 : 200 });
  }
  const state = await confirm(db, token);
  if (state.state === "confirmed") void countConversion(request, context, "newsletter");
  return data({ confirmed: state.state }, { status: state.state === "confirmed" ? 200 : 400 });
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const state = actionData && "confirmed" in actionData ? actionData.confirmed : loaderData.state;
  const resent = actionData && "resent" in actionData ? actionData.resent : undefined;

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-20 text-center">
      {resent === "sent" ? (
        <Message icon="ok" title="Neue Bestätigungs-E-Mail versendet">
          Bitte schau in dein Postfach und bestätige deine Anmeldung über den neuen Link. Er ist 24 Stunden
          gültig.
        </Message>
      ) : resent === "wait" ? (
        <Message icon="wait" title="Bitte warte einen Moment">
          Ich habe dir gerade erst eine E-Mail geschickt. Bitte schau in dein Postfach oder versuche es in
          einer Minute noch einmal.
        </Message>
      ) : state === "confirmed" ? (
        <Message icon="ok" title="Deine Anmeldung ist bestätigt">
          Danke! Du erhältst ab jetzt meinen Newsletter. Abmelden kannst du dich jederzeit über den Link in
          jeder E-Mail.
        </Message>
      ) : state === "pending" ? (
        <>
          <Message icon="wait" title="Newsletter-Anmeldung bestätigen">
            Ein Klick noch: Bestätige, dass du meinen Newsletter erhalten möchtest.
          </Message>
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <Button type="submit" name="intent" value="confirm" disabled={busy}>
              Anmeldung bestätigen
            </Button>
          </Form>
        </>
      ) : state === "expired" ? (
        <>
          <Message icon="wait" title="Dieser Bestätigungslink ist abgelaufen">
            Bestätigungslinks sind 24 Stunden gültig. Fordere einfach eine neue E-Mail an.
          </Message>
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <Button type="submit" name="intent" value="resend" disabled={busy}>
              Neue Bestätigungs-E-Mail senden
            </Button>
          </Form>
        </>
      ) : (
        <Message icon="error" title="Dieser Bestätigungslink ist ungültig">
          Der Link ist unvollständig oder wurde bereits ersetzt. Du kannst dich jederzeit erneut anmelden.
        </Message>
      )}
      <PageLink to="/" className="font-semibold text-brand-700 underline underline-offset-4">
        Zurück zur Startseite
      </PageLink>
    </section>
  );
}

export function Message({
  icon,
  title,
  children,
}: {
  icon: "ok" | "wait" | "error";
  title: string;
  children: React.ReactNode;
}) {
  const Icon = icon === "ok" ? CheckCircle2 : icon === "wait" ? Clock : XCircle;
  return (
    <>
      <Icon
        aria-hidden="true"
        className={
          icon === "ok"
            ? "size-12 text-emerald-600"
            : icon === "wait"
              ? "size-12 text-brand-600"
              : "size-12 text-red-600"
        }
      />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="text-slate-600">{children}</p>
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, "Newsletter bestätigen", "Bestätige deine Anmeldung zu meinem Newsletter."),
    { name: "robots", content: "noindex" },
  ];
}
