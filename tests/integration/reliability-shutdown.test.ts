import { createServer, type Socket } from "node:net";
import { describe, expect, test } from "vitest";
import { CONTACT_MESSAGES } from "~/features/contact/messages";
import { installations } from "../setup/installations";
import { clientAddress, formToken, isSuccess, submitForm } from "../setup/public-forms";
import { processReport, startServer, waitUntilHealthy } from "../setup/server-process";

/**
 * Graceful stop: a process manager or an impatient operator may send SIGTERM again
 * while the server is still finishing its work. That must not cut the stop short: with the
 * embedded database, a cut stop skips the CHECKPOINT and turns a clean stop into a crash.
 */
describe.each(installations)("graceful stop on $name", ({ create }) => {
  test("a second SIGTERM while the stop waits for a mail being sent does not cut it short", async () => {
    const installation = await create();
    // A mail server that accepts connections and then says nothing: a send in progress.
    const connections: Socket[] = [];
    const silent = createServer((socket) => void connections.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const smtpPort = (silent.address() as { port: number }).port;
    const server = await startServer({
      ...installation.env,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      FORM_MIN_FILL_MS: "0",
    });
    try {
      await waitUntilHealthy(server, 120_000);
      const answer = await submitForm(
        server.url,
        "/contact",
        {
          intent: "contact",
          formToken: await formToken(server.url),
          name: "Tom",
          email: "tom@example.org",
          subject: "Kurz vor Feierabend",
          message: "Bitte noch zustellen.",
        },
        { address: clientAddress(1) },
      );
      expect(isSuccess(answer, CONTACT_MESSAGES.success, "/contact")).toBe(true);
      await expect.poll(() => connections.length, { timeout: 20_000 }).toBeGreaterThan(0);

      server.child.kill("SIGTERM");
      await expect.poll(() => server.output()).toContain('"msg":"shutting down"');
      // The stop now waits for the mail worker. A second SIGTERM is delivered before the server
      // runs again, so it has arrived by the time the mail server gives up below.
      server.child.kill("SIGTERM");
      for (const socket of connections) socket.destroy();

      expect(await server.exited, processReport(server)).toBe(0);
      expect(server.output()).toContain("database closed");
    } finally {
      await server.stop("SIGKILL");
      silent.close();
      await installation.dispose();
    }
  }, 180_000);
});
