// `npm run dev`: the app of server/app.ts, with its boot sequence and request context, served
// through Vite's dev server for hot module replacement. Vite answers its own requests (modules,
// public files, HMR); everything else goes to the app, imported through Vite so that a change
// to a route or to the server's code is picked up on the next request.
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createServer as createViteServer, isRunnableDevEnvironment } from "vite";
import type * as App from "./app.ts";

process.env.NODE_ENV ??= "development";
const port = Number(process.env.PORT || 5173);
const host = process.env.HOST || "127.0.0.1";
// The app's own links and the setup link name the address this server listens on.
process.env.PUBLIC_URL ||= `http://localhost:${port}`;

const httpServer = createServer();
const vite = await createViteServer({
  server: { middlewareMode: true, ws: { server: httpServer } },
  appType: "custom",
});
const ssr = vite.environments.ssr;
if (!ssr || !isRunnableDevEnvironment(ssr)) throw new Error("Vite's SSR environment cannot run modules");

httpServer.on("request", (request, response) => {
  vite.middlewares(request, response, async () => {
    try {
      const { devApp } = (await ssr.runner.import("/server/app.ts")) as typeof App;
      const app = await devApp(() => ssr.runner.import("virtual:react-router/server-build"));
      await getRequestListener(app.fetch)(request, response);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      console.error(error);
      response.statusCode = 500;
      response.end("Interner Fehler (siehe Terminal).");
    }
  });
});
httpServer.listen(port, host, () => console.log(`Dev server: http://localhost:${port}`));
