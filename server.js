// Production entry: runs the server compiled into build/ by `npm run build`.
import { main } from "./build/server/index.js";

await main();
