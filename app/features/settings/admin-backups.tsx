import ArrowLeft from "lucide-react/icons/arrow-left";
import Download from "lucide-react/icons/download";
import HardDriveDownload from "lucide-react/icons/hard-drive-download";
import Trash2 from "lucide-react/icons/trash";
import { useEffect, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Button, buttonClass } from "~/ui/button";
import { ConfirmDialog } from "~/ui/dialog";
import { InputField, SelectField } from "~/ui/field";
import { toast } from "~/ui/toast";
import { useHydrated } from "~/ui/use-hydrated";
import type { Route } from "./+types/admin-backups";
import { backupsAction, loadBackupsPage } from "./admin-backups.server";
import { BACKUPS_PATH } from "./backups/paths";
import { berlinTime } from "./backups/format";
import { BACKUP_MESSAGES } from "./backups/messages";

/** /admin/einstellungen/datensicherung: the archives, "Jetzt sichern", the schedule, the second place. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadBackupsPage(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return backupsAction(request, context);
}

type Data = Route.ComponentProps["loaderData"];

const SCHEDULE_OPTIONS = [
  { value: "off", label: "aus" },
  { value: "daily", label: "täglich (um 3:00 Uhr)" },
  { value: "weekly", label: "wöchentlich (montags um 3:00 Uhr)" },
];

export default function AdminBackups({ loaderData, actionData }: Route.ComponentProps) {
  // A refusal comes back as data (a success redirects with its toast).
  useEffect(() => {
    if (actionData) toast.error(actionData.message);
  }, [actionData]);

  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <Link
          to="/admin/einstellungen"
          className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Zurück zu den Einstellungen
        </Link>
        <h2 className="text-2xl font-bold text-slate-900">{BACKUP_MESSAGES.heading}</h2>
        <p className="max-w-3xl text-slate-600">
          Eine Sicherung ist ein Archiv der ganzen Website: alle Inhalte, hochgeladenen Bilder, Einstellungen,
          Kontaktanfragen und Newsletter-Abonnenten. Die Archive liegen auf dem Server in{" "}
          <code className="break-all">{loaderData.backupDir}</code>; lade ab und zu eines herunter oder richte
          unten einen zweiten Speicherort ein.
        </p>
      </div>
      {loaderData.failure && (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <p className="font-semibold">{BACKUP_MESSAGES.failedSince(berlinTime(loaderData.failure.at))}</p>
          <p className="mt-1 break-words">{loaderData.failure.message}</p>
        </div>
      )}
      <Archives data={loaderData} />
      <ScheduleForm data={loaderData} result={actionData?.form === "schedule" ? actionData : undefined} />
      <RemoteForm data={loaderData} result={actionData?.form === "remote" ? actionData : undefined} />
      <Restore data={loaderData} />
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h3 id={`${id}-title`} className="text-xl font-bold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Archives({ data }: { data: Data }) {
  const navigation = useNavigation();
  const running = navigation.state !== "idle" && navigation.formData?.get("intent") === "backup-now";
  return (
    <Section id="sicherungen" title="Sicherungen">
      <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="backup-now" />
        <Button type="submit" disabled={running}>
          <HardDriveDownload aria-hidden="true" className="size-4" />
          {running ? BACKUP_MESSAGES.backupPending : BACKUP_MESSAGES.backupNow}
        </Button>
        <p role="status" className="text-sm text-slate-600">
          {running ? BACKUP_MESSAGES.backupPendingStatus : ""}
        </p>
      </Form>
      {data.archives.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{BACKUP_MESSAGES.noArchives}</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">Vorhandene Sicherungen, die neueste zuerst</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Datum
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Größe
              </th>
              <th scope="col" className="py-2 font-semibold">
                <span className="sr-only">Aktion</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.archives.map((archive) => (
              <tr key={archive.name} className="border-b border-slate-100">
                <td className="py-2 pr-3 text-slate-900">{berlinTime(archive.createdAt)} Uhr</td>
                <td className="py-2 pr-3 whitespace-nowrap text-slate-700">{archive.size}</td>
                <td className="py-2 text-right">
                  {/* A document request: the browser saves the file (or follows to Profil to confirm first). */}
                  <a
                    href={`${BACKUPS_PATH}/${encodeURIComponent(archive.name)}`}
                    aria-label={`Sicherung vom ${berlinTime(archive.createdAt)} Uhr herunterladen`}
                    className={buttonClass({ variant: "secondary", size: "sm" })}
                  >
                    <Download aria-hidden="true" className="size-4" />
                    {BACKUP_MESSAGES.download}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="mt-3 max-w-3xl text-sm text-slate-600">
        Zum Herunterladen fragt die Website nach deinem Passwort, Passkey oder Code, wenn du das in den
        letzten 10 Minuten nicht schon getan hast: Ein Archiv enthält alle Daten der Website.
      </p>
    </Section>
  );
}

function ScheduleForm({
  data,
  result,
}: {
  data: Data;
  result?: { errors?: Partial<Record<string, string>>; values?: Record<string, string> };
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "schedule";
  const { effective } = data;
  return (
    <Section id="zeitplan" title="Zeitplan">
      <p className="mt-2 max-w-3xl text-sm text-slate-600">
        Der Server schreibt die Sicherung selbst, auch wenn du nicht angemeldet bist. Eine neue Installation
        hat keinen Zeitplan. Schlägt eine geplante Sicherung fehl, siehst du oben im Admin-Bereich einen
        Hinweis und bekommst eine E-Mail an die Adresse für Kontaktanfragen.
      </p>
      {data.env.cron && (
        <p className="mt-3 max-w-3xl rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          In der Server-Konfiguration ist <code>BACKUP_CRON=&quot;{data.env.cron}&quot;</code> gesetzt: Dieser
          Zeitplan gilt, die Auswahl hier erst, wenn du <code>BACKUP_CRON</code> entfernst und den Server neu
          startest.
        </p>
      )}
      {data.env.keep !== null && (
        <p className="mt-3 max-w-3xl rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          In der Server-Konfiguration ist <code>BACKUP_KEEP={data.env.keep}</code> gesetzt: Diese Anzahl gilt,
          die Zahl hier erst, wenn du <code>BACKUP_KEEP</code> entfernst und den Server neu startest.
        </p>
      )}
      <p className="mt-3 text-sm text-slate-800">
        Es gilt:{" "}
        <strong>
          {effective.scheduleFrom === "none"
            ? "keine automatische Sicherung"
            : effective.scheduleFrom === "env"
              ? `Zeitplan aus BACKUP_CRON („${effective.cron}“, Uhrzeit des Servers)`
              : data.schedule === "daily"
                ? "täglich um 3:00 Uhr"
                : "wöchentlich, montags um 3:00 Uhr"}
        </strong>
        ; aufbewahrt werden die letzten <strong>{effective.keep}</strong> Sicherungen
        {effective.keepFrom === "env"
          ? " (BACKUP_KEEP)"
          : effective.keepFrom === "default"
            ? " (Standard)"
            : ""}
        .
        {data.lastScheduled &&
          ` Letzte geplante Sicherung: ${berlinTime(data.lastScheduled.at)} Uhr, ${data.lastScheduled.ok ? "erfolgreich" : "fehlgeschlagen"}.`}
      </p>
      <Form method="post" className="mt-4 grid max-w-3xl gap-4 sm:grid-cols-2 [&>*]:min-w-0">
        <input type="hidden" name="intent" value="schedule" />
        <SelectField
          id="backup-schedule"
          name="schedule"
          label="Automatisch sichern"
          options={SCHEDULE_OPTIONS}
          defaultValue={result?.values?.["schedule"] ?? data.schedule}
          error={result?.errors?.["schedule"]}
        />
        <InputField
          id="backup-keep"
          name="keep"
          label="Wie viele Sicherungen aufbewahren"
          hint={`Ältere löscht der Server nach jeder Sicherung. Leer: ${data.defaultKeep} (Standard).`}
          inputMode="numeric"
          defaultValue={result?.values?.["keep"] ?? (data.keep === null ? "" : String(data.keep))}
          error={result?.errors?.["keep"]}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={saving}>
            {saving ? BACKUP_MESSAGES.savePending : "Zeitplan speichern"}
          </Button>
        </div>
      </Form>
      <p className="mt-3 max-w-3xl text-sm text-slate-600">
        Die Datenschutzerklärung nennt den geltenden Zeitplan und die Anzahl: So lange können gelöschte Daten
        noch in einer Sicherung stehen.
      </p>
    </Section>
  );
}

function RemoteForm({
  data,
  result,
}: {
  data: Data;
  result?: { errors?: Partial<Record<string, string>>; values?: Record<string, string> };
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // A new form after each save: the password typed does not stay in the page.
  const { key } = useLocation();
  const intent = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  const removeForm = (submit: ReactNode) => (
    <Form method="post">
      <input type="hidden" name="intent" value="remove-remote" />
      {submit}
    </Form>
  );
  return (
    <Section id="zweiter-speicherort" title="Zweiter Speicherort (WebDAV)">
      <p className="mt-2 max-w-3xl text-sm text-slate-600">
        Optional: Jede Sicherung wird zusätzlich in einen WebDAV-Ordner kopiert, etwa in deine Nextcloud, eine
        Storage Box oder den Online-Speicher deines Hosters. So bleibt eine Kopie, wenn der Server ausfällt.
        Klappt das Kopieren nicht, bleibt die Sicherung auf dem Server, und du bekommst einen Hinweis.
      </p>
      <Form key={key} method="post" className="mt-4 grid max-w-3xl gap-4 sm:grid-cols-2 [&>*]:min-w-0">
        <input type="hidden" name="intent" value="remote" />
        <InputField
          id="remote-url"
          name="url"
          label="Adresse des WebDAV-Ordners"
          hint={
            <>
              Mit https://, z. B.{" "}
              <span className="break-all">
                https://cloud.example.de/remote.php/dav/files/erika/Sicherungen/
              </span>
              . Den Ordner bitte vorher anlegen.
            </>
          }
          type="url"
          inputMode="url"
          placeholder="https://…"
          className="sm:col-span-2"
          defaultValue={result?.values?.["url"] ?? data.remote?.url ?? ""}
          error={result?.errors?.["url"]}
        />
        <InputField
          id="remote-user"
          name="user"
          label="Benutzername"
          autoComplete="off"
          defaultValue={result?.values?.["user"] ?? data.remote?.user ?? ""}
          error={result?.errors?.["user"]}
        />
        <InputField
          id="remote-password"
          name="password"
          label="Passwort"
          type="password"
          autoComplete="new-password"
          hint={
            data.remote?.secretStored
              ? "Gespeichert. Leer lassen, um es zu behalten, oder ein neues eingeben."
              : "Am besten ein App-Passwort, das nur für diesen Zweck gilt."
          }
          placeholder={data.remote?.secretStored ? "gespeichert" : undefined}
          error={result?.errors?.["password"]}
        />
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <Button type="submit" disabled={intent === "remote"}>
            {intent === "remote" ? BACKUP_MESSAGES.savePending : "Speicherort speichern"}
          </Button>
        </div>
      </Form>
      {data.remote && (
        <div className="mt-4">
          {hydrated ? (
            <ConfirmDialog
              trigger={
                <Button variant="dangerOutline">
                  <Trash2 aria-hidden="true" className="size-4" />
                  {BACKUP_MESSAGES.removeRemote}
                </Button>
              }
              title={BACKUP_MESSAGES.removeRemoteTitle}
              description={BACKUP_MESSAGES.removeRemoteDescription}
              confirmLabel={
                intent === "remove-remote"
                  ? BACKUP_MESSAGES.removeRemotePending
                  : BACKUP_MESSAGES.removeRemoteConfirm
              }
              cancelLabel={BACKUP_MESSAGES.cancel}
              form={removeForm}
              confirmButton={{ disabled: intent === "remove-remote" }}
            />
          ) : (
            <details className="text-sm">
              <summary className={buttonClass({ variant: "dangerOutline", className: "cursor-pointer" })}>
                {BACKUP_MESSAGES.removeRemote}
              </summary>
              <p className="mt-3 max-w-3xl text-slate-700">{BACKUP_MESSAGES.removeRemoteDescription}</p>
              {removeForm(
                <Button type="submit" variant="destructive" className="mt-2">
                  {BACKUP_MESSAGES.removeRemoteConfirm}
                </Button>,
              )}
            </details>
          )}
        </div>
      )}
    </Section>
  );
}

function Restore({ data }: { data: Data }) {
  const example = `${data.backupDir}/portfolio-backup-2026-11-27T03-00-00.000Z.tar.gz`;
  return (
    <Section id="wiederherstellen" title="Wiederherstellen">
      <div className="mt-2 max-w-3xl space-y-3 text-sm text-slate-700">
        <p>
          Eine Sicherung spielst du auf dem Server mit einem Befehl zurück, nicht hier: Dabei wird der ganze
          Inhalt der Website ersetzt. So geht es:
        </p>
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            Den Server anhalten (bei der Installation mit dem Installationsskript:{" "}
            <code>systemctl stop portfolio</code>).
          </li>
          <li>
            Im Verzeichnis der Website, mit derselben Konfiguration wie der Server (
            {data.usesPostgres ? "DATABASE_URL" : "DATA_DIR"}):
            <pre className="mt-2 rounded-lg bg-slate-900 p-3 text-xs break-all whitespace-pre-wrap text-slate-100">
              <code>npm run restore -- {example}</code>
            </pre>
            Hat die Datenbank schon Inhalte, verlangt der Befehl zur Sicherheit <code>--force</code> am Ende;
            dann ersetzt er sie vollständig. Mit dem Installationsskript:
            <pre className="mt-2 rounded-lg bg-slate-900 p-3 text-xs break-all whitespace-pre-wrap text-slate-100">
              <code>
                {`sudo -u portfolio bash -c 'set -a && . /etc/portfolio.env && set +a && cd /opt/portfolio && npm run restore -- ${example} --force'`}
              </code>
            </pre>
          </li>
          <li>
            Den Server wieder starten (<code>systemctl start portfolio</code>).
          </li>
        </ol>
        <p>
          Ein heruntergeladenes Archiv lässt sich genauso auf einem neuen Server zurückspielen: dort die
          Website installieren, den Server anhalten und{" "}
          <code>npm run restore -- /pfad/zum/archiv.tar.gz --force</code> ausführen. Der Befehl prüft das
          Archiv vollständig, bevor er etwas ändert.
        </p>
      </div>
    </Section>
  );
}

export const meta = () => [
  { title: "Datensicherung · Admin-Bereich" },
  { name: "robots", content: "noindex, nofollow" },
];
