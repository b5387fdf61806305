/**
 * The newsletter line of `npm run bench`: the production server sends one issue to
 * 10,000 confirmed subscribers through a local SMTP sink, without a mail cap, on the embedded
 * database, while GET / is measured.
 *
 * The issue and its mails are seeded while the server is stopped, with SQL through PGlite (the
 * scripts cannot import the app's `~/` modules): the rows queueIssue (app/db/newsletter-issues.
 * server.ts) creates for a planned send, due a few seconds after the server is up. So the
 * server's own mail worker (app/platform/mail/worker.server.ts) sends them, composing each as it goes, and
 * GET / is first measured idle, before the planned time, then while the mails go out.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import { freePort, startServer } from "../lib/production-server.ts";
import { loadUntil, rssMb, run, type Load } from "./measure.ts";
import { startSmtpSink } from "./smtp-sink.ts";

/**
 * "No cap": the highest caps the configuration accepts (app/platform/env.server.ts). The newsletter
 * leaves a tenth of each to other mails, which still leaves 90,000 an hour for it.
 */
const NO_CAP = { MAIL_MAX_PER_HOUR: "100000", MAIL_MAX_PER_DAY: "1000000" };
/** MAIL_PRIORITY.bulk and BOUNCE_LIMIT (app/platform/db/schema.ts, app/features/newsletter/issue-states.ts). */
const PRIORITY_BULK = 1;
const BOUNCE_LIMIT = 3;
/** The load on GET / while idle and during the send: a few visitors at once. */
const CONNECTIONS = 8;
const WARM_UP_SECONDS = 2;
/** The send is given up when nothing reaches the sink for this long. */
const STALL_MS = 60_000;

const ISSUE = {
  subject: "Neues aus dem Studio: drei Projekte und ein Blick hinter die Kulissen",
  preheader: "Was in den letzten Wochen entstanden ist, und was als Nächstes kommt.",
  body: `Hallo,

in den letzten Wochen ist einiges passiert: Drei Projekte sind fertig geworden, und wir haben unseren Arbeitsablauf für Websites **deutlich vereinfacht**.

## Die neuen Projekte

- **Bäckerei am Markt:** eine Website mit Tagesangebot, das die Inhaberin selbst pflegt.
- **Praxis Dr. Weber:** Terminbuchung ohne Umwege, barrierefrei und schnell auf jedem Telefon.
- **Verein Grünes Ufer:** ein Auftritt für Mitglieder und Neugierige, mit Veranstaltungen.

Alle Projekte findest du auf [unserer Projektseite](/projects).

## Hinter den Kulissen

Jede Seite, die wir bauen, lädt heute in weniger als anderthalb Sekunden, auch über ein langsames Mobilnetz. Wie wir das messen, steht in unserem [Leitfaden zur Geschwindigkeit](https://example.com/leitfaden).

> Eine schnelle Website ist keine Frage des Budgets, sondern der Entscheidungen am Anfang.

## Was als Nächstes kommt

Im nächsten Monat zeigen wir, wie ein kleines Unternehmen seine Inhalte selbst pflegt, ohne etwas kaputtzumachen. Wenn du eine Frage hast, antworte einfach auf diese E-Mail oder schreib uns über das [Kontaktformular](/contact).

Viele Grüße
aus dem Studio
`,
};

export type NewsletterBench = {
  recipients: number;
  /** GET / before the send was due, and while it ran. */
  idle?: Load;
  during?: Load;
  /**
   * GET / idle again after the send: the budget compares with the idle run before it, this one
   * shows whether the machine itself stayed as busy (other processes) over the minutes between.
   */
  idleAfter?: Load;
  /** From the first SMTP connection at the sink to the end of the last mail. */
  sendSeconds?: number;
  mailsPerSecond?: number;
  /** Mails the sink received (duplicates included), distinct recipients, and of the seeded ones those missing. */
  received: number;
  distinct: number;
  missing: number;
  /** Recipients the seed did not queue. */
  unexpected: number;
  /** The server's RSS once the last mail arrived. */
  rssMb?: number;
  /** The issue and its outbox rows as the server left them. */
  issue?: { state: string; recipients: number; sent_count: number; failed_count: number };
  outbox?: { sent: number; waiting: number; failed: number; retried: number };
  /** Why the measurement is incomplete. */
  error?: string;
};

const address = (i: number) => `leser${i}@example.com`;

/**
 * `recipients` confirmed subscribers (as after signUp and confirm, app/features/newsletter/subscribers.server.ts) and
 * an issue queued to them for `sendAt`: createIssue and saveIssueDraft, then queueIssue's
 * transaction statement for statement. Only the columns needed are named.
 */
async function seedNewsletter(dataDir: string, recipients: number, sendAt: () => Date): Promise<number> {
  const db = await PGlite.create(path.join(dataDir, "pgdata"));
  try {
    await db.query(
      `insert into newsletter_subscriptions
         (email, gdpr_consent, consent_text_version, consented_at, is_confirmed, confirmed_at)
       select 'leser' || i || '@example.com', true, 'newsletter-block-2026-11', now(), true, now()
       from generate_series(1, $1::int) as i`,
      [recipients],
    );
    const {
      rows: [draft],
    } = await db.query<{ id: string }>(
      "insert into newsletter_issues (subject, preheader, body) values ($1, $2, $3) returning id",
      [ISSUE.subject, ISSUE.preheader, ISSUE.body],
    );
    const queued = await db.transaction(async (tx) => {
      const {
        rows: [issue],
      } = await tx.query<{ id: string; subject: string; send_at: Date }>(
        `update newsletter_issues
         set state = 'scheduled', queued_at = now(), send_at = $2, updated_at = now()
         where id = $1 and state = 'draft'
         returning id, subject, send_at`,
        [draft!.id, sendAt().toISOString()],
      );
      const { rows } = await tx.query(
        `insert into outbox ("to", subject, text, priority, newsletter_issue_id, subscriber_id, next_attempt_at)
         select email, $1, '', ${PRIORITY_BULK}, $2, id, $3::timestamptz
         from newsletter_subscriptions
         where is_confirmed = true and bounce_count < ${BOUNCE_LIMIT}
         on conflict do nothing
         returning id`,
        [issue!.subject, issue!.id, issue!.send_at.toISOString()],
      );
      await tx.query("update newsletter_issues set recipients = $1 where id = $2", [rows.length, issue!.id]);
      return rows.length;
    });
    await db.exec("CHECKPOINT");
    return queued;
  } finally {
    await db.close();
  }
}

/** The issue and its mails after the send, read with the server stopped. */
async function readOutcome(dataDir: string) {
  const db = await PGlite.create(path.join(dataDir, "pgdata"));
  try {
    const {
      rows: [issue],
    } = await db.query<NonNullable<NewsletterBench["issue"]>>(
      "select state, recipients, sent_count, failed_count from newsletter_issues limit 1",
    );
    const {
      rows: [outbox],
    } = await db.query<NonNullable<NewsletterBench["outbox"]>>(
      `select count(*) filter (where sent_at is not null)::int as sent,
              count(*) filter (where sent_at is null and failed_at is null)::int as waiting,
              count(*) filter (where failed_at is not null)::int as failed,
              count(*) filter (where attempts > 1)::int as retried
       from outbox where newsletter_issue_id is not null`,
    );
    return { issue, outbox };
  } finally {
    await db.close();
  }
}

/**
 * Runs the send on `dataDir`: a migrated data directory of a stopped server, which this takes
 * over (and deletes). `expectedStartupMs` (the start-up the bench measured before) sets how far
 * ahead the send is planned: after the server's start, a warm-up and at least `idleSeconds` of
 * idle GET /; the idle measurement lasts until shortly before the send is due.
 */
export async function benchNewsletter(options: {
  dataDir: string;
  recipients: number;
  idleSeconds: number;
  expectedStartupMs: number;
  /** Where the run is, now and then (the send takes minutes). */
  progress?: (text: string) => void;
}): Promise<NewsletterBench> {
  const progress = options.progress ?? (() => undefined);
  const { dataDir, recipients } = options;
  const result: NewsletterBench = {
    recipients,
    received: 0,
    distinct: 0,
    missing: recipients,
    unexpected: 0,
  };
  const sink = await startSmtpSink();
  const env = { SMTP_URL: sink.url, ...NO_CAP };
  let seeded = false;
  try {
    // Start-up varies with what else the machine does: three times the expected one is planned.
    const leadMs = 3 * options.expectedStartupMs + (WARM_UP_SECONDS + options.idleSeconds) * 1000 + 1_000;
    let sendAt = new Date();
    const queued = await seedNewsletter(dataDir, recipients, () => (sendAt = new Date(Date.now() + leadMs)));
    seeded = true;
    if (queued !== recipients) throw new Error(`the seed queued ${queued} mails, not ${recipients}`);

    const server = await startServer(dataDir, await freePort(), env);
    try {
      const url = `${server.url}/`;
      await run({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS });
      // Idle: until shortly before the send is due (the worker sends nothing before send_at).
      const idleMs = sendAt.getTime() - 500 - Date.now();
      if (idleMs < 2_000) {
        throw new Error(`the server was up too late to measure idle before the send (${idleMs} ms left)`);
      }
      progress(`send planned for ${sendAt.toISOString().slice(11, 19)}; GET / idle until then`);
      const idleEnd = delay(idleMs).then(() => performance.now());
      result.idle = await loadUntil({ url, connections: CONNECTIONS }, idleEnd);
      if (sink.firstConnectionAt !== undefined && sink.firstConnectionAt < (await idleEnd)) {
        throw new Error("the send began during the idle measurement");
      }

      // The worker polls every 2 s: the send begins at its first poll after send_at.
      await sink.until(() => sink.firstConnectionAt !== undefined, STALL_MS, "waiting for the send");
      const allArrived = sink.until(() => sink.distinct >= recipients, STALL_MS, "the send");
      progress("sending; GET / measured until the last mail arrived");
      const ticker = setInterval(() => progress(`${sink.received} of ${recipients} mails arrived`), 30_000);
      try {
        result.during = await loadUntil({ url, connections: CONNECTIONS }, allArrived);
        await allArrived;
      } finally {
        clearInterval(ticker);
      }
      result.rssMb = rssMb(server.child.pid!);
      result.sendSeconds = (sink.lastMailAt! - sink.firstConnectionAt!) / 1000;
      result.mailsPerSecond = recipients / result.sendSeconds;
      result.idleAfter = await loadUntil(
        { url, connections: CONNECTIONS },
        delay(options.idleSeconds * 1000),
      );
    } finally {
      await server.stop();
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  }
  try {
    if (seeded) Object.assign(result, await readOutcome(dataDir));
  } catch (error) {
    result.error ??= `reading the outcome: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    // Mails that arrive while the server stops count too (a duplicate would show here).
    const got = await sink.close();
    result.received = sink.received;
    result.distinct = got.size;
    let arrived = 0;
    for (let i = 1; i <= recipients; i++) if (got.has(address(i))) arrived++;
    result.missing = recipients - arrived;
    result.unexpected = result.distinct - arrived;
    rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}
