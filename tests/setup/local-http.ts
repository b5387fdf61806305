import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP server on 127.0.0.1 in the test process, standing in for a remote one (a
 * calendar feed): the code under test uses its real network path, nothing is mocked.
 */
export async function serveLocally(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  let requests = 0;
  const server = createServer((request, response) => {
    requests++;
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Requests received so far. */
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        // A handler that never answers keeps its connection: end those too.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
