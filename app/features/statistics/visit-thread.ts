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

port.on("message", (request: VisitThreadRequest) => {
  const reply = (message: VisitThreadReply) => port.postMessage(message);
  request.lines
    .text()
    .then((text) => {
      const rows = new VisitRows();
      for (const line of text.split("\n")) {
        const answer = line ? answerOfLine(line) : undefined;
        const visit = answer && viewOfAnswer(answer);
        if (visit) rows.push(visit, visitorKey(request.salt, visit.address, visit.userAgent));
      }
      reply({ id: request.id, rows: rows.take() });
    })
    .catch((error: unknown) =>
      reply({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
    );
});
