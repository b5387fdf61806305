import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { CONTACT_MESSAGES } from "~/features/contact/messages";
import { contactSubmissions, outbox } from "~/platform/db/schema";
import { mulberry32 } from "../../scripts/lib/seeded-random.js";
import { installations } from "../setup/installations";
import {
  clientAddress,
  formToken,
  isSuccess,
  logProblems,
  submitForm,
  type Channel,
} from "../setup/public-forms";
import { processReport, startServer, waitUntilHealthy, type ServerProcess } from "../setup/server-process";

/**
 * Crash safety: the server is killed with SIGKILL at random moments, mostly while
 * dozens of visitors send the contact form, and restarted on the same DATA_DIR or database each
 * time. Every submission that got the success answer must be stored, with its notification mail,
 * and every restart must be clean. The kill moments come from a seeded generator; a failure names
 * the seed, and CRASH_SEED=<seed> replays it.
 */
const ROUNDS_UNDER_LOAD = 4;
/** Rounds whose kill hits the start-up instead (opening, recovering, migrating the database). */
const ROUNDS_IN_START_UP = 2;
const CLIENTS = 20;
const START_TIMEOUT_MS = 120_000;
const REQUEST_TIMEOUT_MS = 30_000;

const lockHolder = (dataDir: string) =>
  (JSON.parse(readFileSync(path.join(dataDir, "server.lock"), "utf8")) as { pid: number }).pid;

describe.each(installations)("crash safety on $name", ({ name, create }) => {
  test("every acknowledged contact submission survives SIGKILL at random moments; every restart is clean", async () => {
    const seed = Number(process.env.CRASH_SEED) || Math.floor(Math.random() * 2 ** 31);
    const random = mulberry32(seed);
    const context = `seed ${seed} (replay with CRASH_SEED=${seed})`;
    const installation = await create();
    const env = {
      ...installation.env,
      TRUST_PROXY: "X-Forwarded-For",
      FORM_MIN_FILL_MS: "0",
      LOG_LEVEL: "info",
    };
    const acknowledged: { marker: string; channel: Channel }[] = [];
    const unexpected: string[] = [];
    let cut = 0;
    let sequence = 0;
    const servers: ServerProcess[] = [];

    /** Starts the server and checks the start was clean: healthy, nothing logged as an error, lock taken. */
    const startClean = async (round: string): Promise<ServerProcess> => {
      const server = await startServer(env);
      servers.push(server);
      try {
        await waitUntilHealthy(server, START_TIMEOUT_MS);
      } catch (error) {
        throw new Error(`${round}: no healthy start; ${context}; ${processReport(server)}`, { cause: error });
      }
      expect(logProblems(server.output()), `${round}: errors in the start-up log; ${context}`).toEqual([]);
      if (name === "pglite")
        expect(lockHolder(installation.dataDir), `${round}: DATA_DIR lock`).toBe(server.child.pid);
      return server;
    };

    const submit = async (server: ServerProcess, token: string) => {
      const id = ++sequence;
      const marker = `crash-${seed}-${id}`;
      const channel: Channel = id % 2 === 0 ? "data" : "document";
      const answer = await submitForm(
        server.url,
        "/contact",
        {
          intent: "contact",
          formToken: token,
          name: `Besucher ${marker}`,
          email: `${marker}@example.org`,
          subject: marker,
          message: `Lasttest ${marker}: bitte nicht verlieren.`,
        },
        {
          channel,
          address: clientAddress(id),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        },
      );
      if (isSuccess(answer, CONTACT_MESSAGES.success, "/contact")) acknowledged.push({ marker, channel });
      else unexpected.push(`${answer.status} for ${marker}: ${answer.body.slice(0, 200)}`);
    };

    try {
      const rounds = ROUNDS_UNDER_LOAD + ROUNDS_IN_START_UP;
      // Spread over the run, after a first round under load.
      const stride = Math.floor(rounds / ROUNDS_IN_START_UP);
      const startUpKills = new Set(
        Array.from(
          { length: ROUNDS_IN_START_UP },
          (_, i) => 1 + i * stride + Math.floor(random() * (stride - 1)),
        ),
      );
      for (let round = 0; round < rounds; round++) {
        const label = `round ${round + 1}/${rounds}`;
        if (startUpKills.has(round)) {
          // A random moment of the start-up: loading the code or PGlite, recovering, migrating.
          const server = await startServer(env);
          servers.push(server);
          await new Promise((resolve) => setTimeout(resolve, random() * 5_000));
          expect(await server.stop("SIGKILL"), `${label}: the server ended by itself`).toBeNull();
          expect(logProblems(server.output()), `${label}: errors before the kill; ${context}`).toEqual([]);
          continue;
        }

        const server = await startClean(label);
        const token = await formToken(server.url);
        // Kill after a random number of answers, with the other clients' requests in flight.
        const killAfter = 3 + Math.floor(random() * 40);
        let answered = 0;
        let killed = false;
        const client = async () => {
          while (!killed) {
            try {
              await submit(server, token);
              answered++;
              if (answered >= killAfter && !killed) {
                killed = true;
                server.child.kill("SIGKILL");
              }
            } catch {
              // No answer: the kill cut this request off. It may or may not have been stored.
              cut++;
              if (server.child.exitCode === null && server.child.signalCode === null && !killed) {
                unexpected.push(`${label}: a request failed while the server was running`);
              }
            }
          }
        };
        await Promise.all(Array.from({ length: CLIENTS }, client));
        expect(await server.exited, `${label}: exit`).toBeNull();
        expect(logProblems(server.output()), `${label}: errors before the kill; ${context}`).toEqual([]);
      }

      // A last clean start takes the final lock over, serves, and stops gracefully.
      const server = await startClean("final start");
      await submit(server, await formToken(server.url));
      expect(await server.stop("SIGTERM"), processReport(server)).toBe(0);
      expect(logProblems(server.output()), `final start: errors in the log; ${context}`).toEqual([]);

      expect(unexpected, context).toEqual([]);
      // The load was real: both ways of sending succeeded (more than three times a round), and
      // kills cut requests off mid-flight.
      const perChannel = 3 * ROUNDS_UNDER_LOAD;
      expect(acknowledged.filter((a) => a.channel === "document").length).toBeGreaterThan(perChannel);
      expect(acknowledged.filter((a) => a.channel === "data").length).toBeGreaterThan(perChannel);
      expect(cut).toBeGreaterThanOrEqual(ROUNDS_UNDER_LOAD);

      const handle = await installation.open();
      try {
        const stored = await handle.db.select().from(contactSubmissions);
        const mails = await handle.db.select({ subject: outbox.subject }).from(outbox);
        const count = (values: string[]) =>
          values.reduce((map, value) => map.set(value, (map.get(value) ?? 0) + 1), new Map<string, number>());
        const storedByEmail = count(stored.map((row) => row.email));
        const mailsBySubject = count(mails.map((mail) => mail.subject));

        const lost = acknowledged.filter(({ marker }) => storedByEmail.get(`${marker}@example.org`) !== 1);
        expect(lost, `acknowledged but not stored exactly once; ${context}`).toEqual([]);
        // Each stored submission came with its notification mail (one transaction), never alone.
        const withoutMail = stored.filter(
          (row) => mailsBySubject.get(`Neue Kontaktanfrage: ${row.subject}`) !== 1,
        );
        expect(
          withoutMail.map((row) => row.subject),
          `stored without exactly one mail; ${context}`,
        ).toEqual([]);
        expect(stored.every((row) => row.message === `Lasttest ${row.subject}: bitte nicht verlieren.`)).toBe(
          true,
        );
      } finally {
        await handle.close();
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop("SIGKILL")));
      await installation.dispose();
    }
  }, 420_000);
});
