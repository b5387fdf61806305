import { parentPort } from "node:worker_threads";
import { answerOfLine, viewOfAnswer } from "./page-views.ts";
import { VisitRows } from "./visit-rows.server.ts";
import { visitorKey } from "./visitor-key.server.ts";
import type { VisitThreadReply, VisitThreadRequest } from "./visit-thread.server.ts";

/**
 * The statistics' thread (started by visit-thread.server.ts): turns the lines of a second's
 * answers into the rows of their page views, keyed with the day's salt, so the page cache's
 * thread does not parse or hash. The production build emits it as build/server/visit-thread.js;
 * tests run this file directly (Node strips its types), so it uses only erasable TypeScript.
 */
const port = parentPort!;
const LINE_BREAK = 0x0a;

port.on("message", (request: VisitThreadRequest) => {
  try {
    const bytes = Buffer.from(request.lines.buffer, request.lines.byteOffset, request.lines.byteLength);
    const rows = new VisitRows(request.rows);
    // A client's views in this second share their key: hashed once (a flood comes from one).
    const keys = new Map<string, string>();
    for (let start = 0; start < bytes.length;) {
      const found = bytes.indexOf(LINE_BREAK, start);
      const end = found === -1 ? bytes.length : found;
      // Each line a string of its own: a part of one string for the second would keep all of
      // it alive as long as the part is kept (a User-Agent in page-views.ts's clients).
      const line = bytes.toString("utf8", start, end);
      start = end + 1;
      const answer = line ? answerOfLine(line) : undefined;
      const visit = answer && viewOfAnswer(answer);
      if (!visit) continue;
      const client = `${visit.address}\n${visit.userAgent}`;
      let key = keys.get(client);
      if (key === undefined) {
        key = visitorKey(request.salt, visit.address, visit.userAgent);
        keys.set(client, key);
      }
      rows.push(visit, key);
    }
    // Both buffers go back, and their bytes leave this thread with them.
    const reply: VisitThreadReply = { id: request.id, rows: rows.handOver(), lines: request.lines.buffer };
    port.postMessage(reply, [reply.rows.buffer, reply.lines]);
  } catch (error) {
    port.postMessage({
      id: request.id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies VisitThreadReply);
  }
});
