import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // React Router's default: the page carries the routes it matched, and the routes behind its
  // links are fetched once hydrated (/__manifest). "initial" (the whole manifest as a script of
  // every page) was tried in issue 18: the router then builds and ranks all 41 routes while
  // hydrating, one task of 12–37 ms, and Lighthouse's TBT on the home page rose from 5 to 26 ms.
  routeDiscovery: { mode: "lazy" },
} satisfies Config;
