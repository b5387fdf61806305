/**
 * The SMTP sink's server (scripts/bench/smtp-sink.ts), in a thread of its own so that the load
 * generator in the bench's main thread never delays its replies. It greets at once and speaks just
 * the SMTP a client without extensions needs (RFC 5321: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP,
 * QUIT), announcing none (no PIPELINING, no 8BITMIME). Message bodies are dropped as they arrive.
 */
import net from "node:net";
import { parentPort } from "node:worker_threads";

export type SinkEvent =
  | { type: "listening"; port: number }
  /** `at`: performance.timeOrigin + performance.now(), comparable across threads. */
  | { type: "connection"; at: number }
  | { type: "mail"; at: number; received: number; distinct: number }
  | { type: "closed"; recipients: [string, number][] };

const END_OF_DATA = Buffer.from("\r\n.\r\n");
const now = () => performance.timeOrigin + performance.now();
const post = (event: SinkEvent) => parentPort!.postMessage(event);

let received = 0;
const recipients = new Map<string, number>();
const sockets = new Set<net.Socket>();

const server = net.createServer((socket) => {
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
  socket.on("error", () => socket.destroy());
  socket.setNoDelay(true);
  post({ type: "connection", at: now() });
  let envelope: string[] = [];
  let inData = false;
  // Command mode: the unfinished line. Data mode: the last bytes, for an end split over chunks.
  let pending = Buffer.alloc(0);
  const reply = (text: string) => socket.write(`${text}\r\n`);

  const command = (line: string) => {
    const verb = line.slice(0, 4).toUpperCase();
    if (verb === "EHLO" || verb === "HELO") reply("250 bench-sink");
    else if (verb === "MAIL" || verb === "RSET") {
      envelope = [];
      reply("250 OK");
    } else if (verb === "RCPT") {
      const address = /<([^>]*)>/.exec(line)?.[1];
      if (address === undefined) return reply("501 Syntax: RCPT TO:<address>");
      envelope.push(address.toLowerCase());
      reply("250 OK");
    } else if (verb === "DATA") {
      if (envelope.length === 0) return reply("503 RCPT first");
      inData = true;
      reply("354 End data with <CR><LF>.<CR><LF>");
    } else if (verb === "NOOP") reply("250 OK");
    else if (verb === "QUIT") {
      reply("221 Bye");
      socket.end();
    } else reply("502 Command not implemented");
  };

  socket.on("data", (chunk: Buffer) => {
    let rest = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (inData) {
        const end = rest.indexOf(END_OF_DATA);
        if (end === -1) {
          pending = Buffer.from(rest.subarray(Math.max(0, rest.length - (END_OF_DATA.length - 1))));
          return;
        }
        rest = rest.subarray(end + END_OF_DATA.length);
        inData = false;
        received++;
        for (const address of envelope) recipients.set(address, (recipients.get(address) ?? 0) + 1);
        envelope = [];
        reply("250 OK: queued");
        post({ type: "mail", at: now(), received, distinct: recipients.size });
      } else {
        const end = rest.indexOf("\r\n");
        if (end === -1) {
          pending = Buffer.from(rest);
          return;
        }
        command(rest.subarray(0, end).toString("latin1"));
        // The message follows DATA's line: its "\r\n" stays, so that an empty message (".\r\n"
        // right away) ends at END_OF_DATA too.
        rest = rest.subarray(inData ? end : end + 2);
      }
    }
  });
  reply("220 bench-sink ESMTP");
});

server.listen(0, "127.0.0.1", () =>
  post({ type: "listening", port: (server.address() as net.AddressInfo).port }),
);

parentPort!.on("message", (message: string) => {
  if (message !== "close") return;
  for (const socket of sockets) socket.destroy();
  server.close(() => {
    post({ type: "closed", recipients: [...recipients] });
    parentPort!.close();
  });
});
