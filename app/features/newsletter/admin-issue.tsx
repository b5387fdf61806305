import ArrowLeft from "lucide-react/icons/arrow-left";
import Copy from "lucide-react/icons/copy";
import Eye from "lucide-react/icons/eye";
import Mail from "lucide-react/icons/mail";
import Pause from "lucide-react/icons/pause";
import Play from "lucide-react/icons/play";
import Save from "lucide-react/icons/save";
import Send from "lucide-react/icons/send";
import Trash2 from "lucide-react/icons/trash";
import XCircle from "lucide-react/icons/circle-x";
import { useEffect } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { EditorFields, EditorSection, MarkdownField, TextField } from "~/features/pages";
import { NewsletterNav } from "~/features/newsletter/admin-newsletter-nav";
import { Button, buttonClass } from "~/ui/button";
import { ConfirmDialog } from "~/ui/dialog";
import { formatDateTime } from "~/platform/format";
import { ISSUE_STATE_LABELS, isQueued, isSending } from "~/features/newsletter/issue-states";
import { toast } from "~/ui/toast";
import type { Route } from "./+types/admin-issue";
import { issueAction, loadIssue } from "./admin-issue.server";

/**
 * /admin/newsletter/ausgaben/:id: a draft is written, previewed, tested and sent;
 * while it sends, its progress updates by itself and it can be paused, resumed or cancelled;
 * once sent it is read-only and can be copied into a new draft.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadIssue(request, context, params.id);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return issueAction(request, context, params.id);
}

/** How often the progress is read again while the issue sends. */
const PROGRESS_INTERVAL_MS = 2_000;

export default function NewsletterIssue({ loaderData, actionData }: Route.ComponentProps) {
  const { issue, counts, recipients, limits } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const running = isQueued(issue.state);

  useEffect(() => {
    if (actionData) toast[actionData.ok ? "success" : "error"](actionData.message);
  }, [actionData]);

  return (
    <div className="space-y-6">
      <NewsletterNav />
      <Link
        to="/admin/newsletter/ausgaben"
        className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Alle Ausgaben
      </Link>
      <div className="space-y-2">
        <h2 className="text-2xl font-bold text-slate-900">
          {issue.state === "draft" ? "Ausgabe bearbeiten" : issue.subject || "(ohne Betreff)"}
        </h2>
        <p className="text-sm text-slate-600">
          Status: <strong className="font-semibold text-slate-800">{ISSUE_STATE_LABELS[issue.state]}</strong>
          {issue.state === "draft" && <> · gespeichert am {formatDateTime(issue.updated_at)}</>}
          {issue.state === "scheduled" && issue.send_at && <> · Versand ab {formatDateTime(issue.send_at)}</>}
          {issue.finished_at && <> · beendet am {formatDateTime(issue.finished_at)}</>}
        </p>
      </div>

      {issue.state === "draft" ? (
        <DraftForm
          issue={issue}
          limits={limits}
          recipients={recipients}
          actionData={actionData}
          busy={busy}
        />
      ) : (
        <>
          <Progress state={issue.state} counts={counts} recipients={issue.recipients} />
          {running && <SendControls state={issue.state} busy={busy} />}
          <ReadOnlyIssue issue={issue} busy={busy} />
        </>
      )}
    </div>
  );
}

type Loaded = Route.ComponentProps["loaderData"];

function DraftForm({
  issue,
  limits,
  recipients,
  actionData,
  busy,
}: {
  issue: Loaded["issue"];
  limits: Loaded["limits"];
  recipients: number;
  actionData: Route.ComponentProps["actionData"];
  busy: boolean;
}) {
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const doc = refused?.values ?? issue;
  const formId = "newsletter-issue";
  const count = recipients.toLocaleString("de-DE");
  return (
    <>
      <Form id={formId} key={JSON.stringify(doc)} method="post" className="space-y-6" aria-busy={busy}>
        <EditorFields doc={doc} errors={refused?.errors ?? {}} limits={limits} markRequired>
          <EditorSection title="Inhalt">
            <TextField name="subject" label="Betreff" />
            <TextField
              name="preheader"
              label="Vorschauzeile (optional)"
              hint="Viele Postfächer zeigen sie neben dem Betreff."
            />
            <MarkdownField name="body" label="Text" rows={14} />
          </EditorSection>
          <EditorSection title="Versand">
            <TextField
              name="send_at"
              label="Sendezeit (optional)"
              type="datetime-local"
              hint="Leer lassen, um sofort zu senden. Deutsche Zeit."
            />
          </EditorSection>
        </EditorFields>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white/95 px-4 py-2 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:py-3">
          <Button type="submit" name="intent" value="save" variant="secondary" size="sm" disabled={busy}>
            <Save aria-hidden="true" className="size-4" />
            Entwurf speichern
          </Button>
          <Button type="submit" name="intent" value="preview" variant="ghost" size="sm" disabled={busy}>
            <Eye aria-hidden="true" className="size-4" />
            Vorschau
          </Button>
          <Button type="submit" name="intent" value="test" variant="ghost" size="sm" disabled={busy}>
            <Mail aria-hidden="true" className="size-4" />
            Testmail senden
          </Button>
          <ConfirmDialog
            trigger={
              <Button type="button" size="sm" disabled={busy || recipients === 0}>
                <Send aria-hidden="true" className="size-4" />
                Senden
              </Button>
            }
            title={`An ${count} bestätigte Abonnenten senden?`}
            description="Jeder bestätigte Abonnent erhält diese Ausgabe einmal. Danach lässt sie sich nicht mehr ändern; pausieren und abbrechen kannst du den Versand."
            confirmLabel="Jetzt senden"
            cancelLabel="Abbrechen"
            confirmButton={{ form: formId, name: "intent", value: "send", variant: "primary" }}
            form={(submit) => submit}
          />
          {busy && (
            <span role="status" className="text-sm text-slate-600">
              Wird gespeichert …
            </span>
          )}
        </div>
        {recipients === 0 && (
          <p className="text-sm text-slate-600">
            Senden geht, sobald sich jemand angemeldet und bestätigt hat.
          </p>
        )}
      </Form>
      <ConfirmDialog
        trigger={
          <Button variant="danger">
            <Trash2 aria-hidden="true" className="size-4" />
            Entwurf löschen
          </Button>
        }
        title="Entwurf löschen?"
        description="Der Entwurf geht verloren."
        confirmLabel="Löschen"
        cancelLabel="Abbrechen"
        form={(submit) => (
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            {submit}
          </Form>
        )}
      />
    </>
  );
}

function Progress({
  state,
  counts,
  recipients,
}: {
  state: Loaded["issue"]["state"];
  counts: Loaded["counts"];
  recipients: number;
}) {
  const revalidator = useRevalidator();
  const running = isSending(state);
  // The counts update without a reload while mails go out.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible")
        void revalidator.revalidate();
    }, PROGRESS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  const total = Math.max(recipients, counts.sent + counts.failed + counts.waiting, 1);
  const done = counts.sent + counts.failed;
  const percent = Math.round((done / total) * 100);
  return (
    <section
      aria-labelledby="progress-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 id="progress-heading" className="text-lg font-semibold text-slate-900">
        Versand
      </h3>
      <div
        role="progressbar"
        aria-label="Versandfortschritt"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} %`}
        className="h-3 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {percent} % · {counts.sent.toLocaleString("de-DE")} gesendet ·{" "}
        {counts.waiting.toLocaleString("de-DE")} wartend · {counts.failed.toLocaleString("de-DE")}{" "}
        fehlgeschlagen
      </p>
    </section>
  );
}

function SendControls({ state, busy }: { state: Loaded["issue"]["state"]; busy: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      {state === "paused" ? (
        <Form method="post">
          <Button type="submit" name="intent" value="resume" disabled={busy}>
            <Play aria-hidden="true" className="size-4" />
            Fortsetzen
          </Button>
        </Form>
      ) : (
        <Form method="post">
          <Button type="submit" name="intent" value="pause" variant="secondary" disabled={busy}>
            <Pause aria-hidden="true" className="size-4" />
            Pausieren
          </Button>
        </Form>
      )}
      <ConfirmDialog
        trigger={
          <Button variant="danger" disabled={busy}>
            <XCircle aria-hidden="true" className="size-4" />
            Abbrechen
          </Button>
        }
        title="Versand abbrechen?"
        description="Wer die Ausgabe noch nicht erhalten hat, bekommt sie nicht mehr. Das lässt sich nicht rückgängig machen."
        confirmLabel="Versand abbrechen"
        cancelLabel="Weiter senden"
        form={(submit) => (
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            {submit}
          </Form>
        )}
      />
    </div>
  );
}

function ReadOnlyIssue({ issue, busy }: { issue: Loaded["issue"]; busy: boolean }) {
  return (
    <section
      aria-labelledby="content-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 id="content-heading" className="text-lg font-semibold text-slate-900">
        Inhalt
      </h3>
      <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold text-slate-700">Betreff</dt>
        <dd className="text-slate-900">{issue.subject}</dd>
        <dt className="font-semibold text-slate-700">Vorschauzeile</dt>
        <dd className="text-slate-900">{issue.preheader || "–"}</dd>
        <dt className="font-semibold text-slate-700">Text</dt>
        <dd>
          <pre className="whitespace-pre-wrap font-sans text-slate-900">{issue.body}</pre>
        </dd>
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={`/admin/newsletter/ausgaben/${issue.id}/vorschau`}
          className={buttonClass({ variant: "ghost", size: "sm" })}
        >
          <Eye aria-hidden="true" className="size-4" />
          Vorschau
        </Link>
        <Form method="post">
          <Button type="submit" name="intent" value="copy" variant="secondary" size="sm" disabled={busy}>
            <Copy aria-hidden="true" className="size-4" />
            Als neuen Entwurf kopieren
          </Button>
        </Form>
      </div>
    </section>
  );
}
