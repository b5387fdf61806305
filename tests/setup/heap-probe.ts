/**
 * Loaded into a server under test (`node --expose-gc --import ./tests/setup/heap-probe.ts`,
 * `startServer(env, { heapProbe: true })`): on "heap" over the IPC channel it answers with the
 * bytes of the JavaScript heap in use after a full collection.
 */
process.channel?.unref();
process.on("message", (message) => {
  if (message !== "heap") return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send?.({ heapUsed: process.memoryUsage().heapUsed });
});
