// Production entry: runs the server compiled into build/ by `npm run build`.
// React and other libraries pick their production builds by NODE_ENV; this is production.
process.env.NODE_ENV ??= "production";
const { main } = await import("./build/server/index.js");

await main();
