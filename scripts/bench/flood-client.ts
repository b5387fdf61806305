/**
 * The flood of `npm run bench`, in a process of its own so that its load does not
 * share an event loop with the GET / client that measures the site during it
 * (scripts/bench/flood.ts starts it). Sends contact POSTs to /contact.data at FLOOD_RATE per
 * second for FLOOD_SECONDS, each from its own client address (X-Forwarded-For), in four kinds
 * that take turns: valid, invalid (fails the form's schema), valid, spam-like (the honeypot
 * filled, or no form token). Prints one JSON line (FloodResult) at the end.
 */
import http from "node:http";

export type FloodKind = "valid" | "invalid" | "spam";

export type FloodResult = {
  /** Seconds from the first request to the last one sent, and to the last answer. */
  sendingSeconds: number;
  seconds: number;
  sent: number;
  /** Answers by status, per kind. */
  statuses: Record<FloodKind, Record<string, number>>;
  /** The e-mail addresses of valid submissions answered 200: each must be stored. */
  acknowledged: string[];
  /** Requests without an answer: connection errors and timeouts. */
  unanswered: number;
};

const url = process.env.FLOOD_URL!;
const formToken = process.env.FLOOD_FORM_TOKEN!;
const marker = process.env.FLOOD_MARKER!;
const rate = Number(process.env.FLOOD_RATE);
const seconds = Number(process.env.FLOOD_SECONDS);

const KINDS: FloodKind[] = ["valid", "invalid", "valid", "spam"];
const result: FloodResult = {
  sendingSeconds: 0,
  seconds,
  sent: 0,
  statuses: { valid: {}, invalid: {}, spam: {} },
  acknowledged: [],
  unanswered: 0,
};
const count = (kind: FloodKind, status: string) => {
  result.statuses[kind][status] = (result.statuses[kind][status] ?? 0) + 1;
};

function bodyOf(n: number, kind: FloodKind): string {
  // Each kind's every other request is of its second variant.
  const second = Math.floor(n / KINDS.length) % 2 === 1;
  const fields: Record<string, string> = {
    intent: "contact",
    formToken,
    name: `Flut ${n}`,
    email: `${marker}-${kind}-${n}@example.com`,
    subject: "Anfrage",
    message: "Guten Tag, ich interessiere mich für eine neue Website.",
  };
  if (kind === "invalid") {
    if (second) fields.email = `${marker}-invalid-${n}`;
    else fields.message = "";
  }
  if (kind === "spam") {
    if (second) delete fields.formToken;
    else fields.website = "https://spam.example";
    fields.message = "Billige Uhren! https://spam.example https://spam.example";
  }
  return new URLSearchParams(fields).toString();
}

/**
 * Requests go out evenly: every few milliseconds as many as are due at FLOOD_RATE, over a pool of
 * keep-alive connections, whether earlier ones were answered or not (an open loop, as from many
 * clients). autocannon's rate limit sends each connection's share on a timer of its own, started
 * together: 200 requests at once ten times a second, bursts no flood of independent clients has.
 */
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let sent = 0;
let open = 0;
const started = performance.now();

function send(n: number) {
  const kind = KINDS[n % KINDS.length]!;
  const body = bodyOf(n, kind);
  open++;
  const request = http.request(
    {
      agent,
      host: target.hostname,
      port: target.port,
      method: "POST",
      path: "/contact.data",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": Buffer.byteLength(body),
        origin: url,
        "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      },
      timeout: 10_000,
    },
    (response) => {
      response.resume();
      response.on("end", () => {
        count(kind, String(response.statusCode));
        if (kind === "valid" && response.statusCode === 200) {
          result.acknowledged.push(`${marker}-${kind}-${n}@example.com`);
        }
        done();
      });
    },
  );
  request.on("timeout", () => request.destroy(new Error("timeout")));
  request.on("error", () => {
    result.unanswered++;
    done();
  });
  request.end(body);
}

function done() {
  open--;
  if (open === 0 && sent >= rate * seconds) finish();
}

function finish() {
  result.sent = sent;
  result.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function tick() {
  const due = Math.min(rate * seconds, Math.floor(((performance.now() - started) * rate) / 1000));
  while (sent < due) send(++sent);
  if (sent < rate * seconds) setTimeout(tick, 2);
  else result.sendingSeconds ||= (performance.now() - started) / 1000;
}
tick();
