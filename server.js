// Production entry: runs the server compiled into build/ by `npm run build`.
// React and other libraries pick their production builds by NODE_ENV; this is production.
process.env.NODE_ENV ??= "production";
const { main } = await import("./build/server/index.js");

try {
  await main();
} catch (error) {
  // main() has logged why the server cannot start and exits with 1. Say it once more in plain
  // words, without the stack trace Node would print for an uncaught error.
  process.exitCode = 1;
  console.error(`The server could not start: ${error instanceof Error ? error.message : String(error)}`);
}
