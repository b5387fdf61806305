// Throughput comparison behind docs/decisions/0002-hono-server.md. Serves a 2 KB page from memory
// with one server kind on port 4100:
//   node scripts/bench/framework-servers.mjs <raw|express|hono|express-fetch|hono-fetch>
// then, from a second shell: npx autocannon -c 64 -d 10 http://127.0.0.1:4100/
// Express is not a dependency of the project: `npm install --no-save express@5` to try it.
import http from "node:http";
const body = "<!doctype html><html><body>" + "x".repeat(2000) + "</body></html>";
const kind = process.argv[2];
const port = 4100;
if (kind === "raw") {
  http
    .createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(body);
    })
    .listen(port);
} else if (kind === "express") {
  const { default: express } = await import("express");
  const app = express();
  app.disable("x-powered-by");
  app.get("/", (req, res) => {
    res.type("html").send(body);
  });
  app.listen(port);
} else if (kind === "hono") {
  const { Hono } = await import("hono");
  const { serve } = await import("@hono/node-server");
  const app = new Hono();
  app.get("/", (c) => c.html(body));
  serve({ fetch: app.fetch, port });
} else if (kind === "hono-fetch") {
  // Full Request/Response path as the React Router handler would see it
  const { Hono } = await import("hono");
  const { serve } = await import("@hono/node-server");
  const app = new Hono();
  app.get("/", async (c) => {
    const r = c.req.raw;
    await Promise.resolve(r.url);
    return new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
  });
  serve({ fetch: app.fetch, port });
} else if (kind === "express-fetch") {
  const { default: express } = await import("express");
  const app = express();
  app.disable("x-powered-by");
  app.get("/", async (req, res) => {
    // what @react-router/express does: build a web Request, get a Response, stream it back
    const ctrl = new AbortController();
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).filter(([, v]) => typeof v === "string"),
      signal: ctrl.signal,
    });
    const response = new Response(request.method === "GET" ? body : null, {
      headers: { "content-type": "text/html; charset=utf-8" },
    });
    res.status(response.status);
    for (const [k, v] of response.headers) res.setHeader(k, v);
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  app.listen(port);
}
