import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { deferHydration } from "~/platform/react-router-internals/deferred-hydration.server";
import { logger } from "~/platform/logger.server";
import { nonceContext, NonceProvider } from "~/platform/http/nonce";

export const streamTimeout = 5_000;

/**
 * Renders the whole document before answering (our pages have no deferred data), so that the
 * status code is final and the HTML complete for every client.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // React Router cannot render a path holding control characters (for /%09/%00 it builds the
  // URL "//\0" and fails with a 500): such a URL is no page of this site.
  if (/%(?:[01][0-9a-f]|7f)/i.test(new URL(request.url).pathname)) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const nonce = loadContext.get(nonceContext) || undefined;

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => {
            clearTimeout(timeout);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            const html = deferHydration(Buffer.concat(chunks).toString("utf8"));
            resolve(new Response(html, { headers: responseHeaders, status }));
          });
          pipe(body);
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          logger.error({ err: error, path: new URL(request.url).pathname }, "render error");
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1_000);
  });
}

/** Errors thrown in loaders and actions: logged without query parameters or personal data. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const where = { method: request.method, path: new URL(request.url).pathname };
  // A URL that no route matches, or a method a route does not take: the client's mistake (4xx),
  // not an error of the server (it was logged as "non-error thrown" at level error).
  if (isRouteErrorResponse(error)) return logger.warn({ ...where, status: error.status }, "request refused");
  logger.error({ err: error, ...where }, "request error");
};
