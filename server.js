import module from "node:module";

// Production entry: runs the server compiled into build/ by `npm run build`.
// React and other libraries pick their production builds by NODE_ENV; this is production.
process.env.NODE_ENV ??= "production";
// Node keeps the compiled bundle in its cache directory (under the system's temporary folder):
// the next start skips compiling it again (docs/decisions/0031-server-bundle.md).
module.enableCompileCache();
const { main } = await import("./build/server/index.js");

try {
  await main();
} catch (error) {
  // main() has logged why the server cannot start and exits with 1. Say it once more in plain
  // words, without the stack trace Node would print for an uncaught error.
  process.exitCode = 1;
  console.error(`The server could not start: ${error instanceof Error ? error.message : String(error)}`);
}
