import { SMTPServer } from "smtp-server";
import { freePort } from "./server-process";

/** A real SMTP server in the test process that keeps every received message in memory. */
export async function startSmtpReceiver(port?: number) {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        messages.push(raw);
        callback();
      });
    },
  });
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${listenPort}`,
    port: listenPort,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
