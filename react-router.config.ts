import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // The whole route manifest comes with the page (2 kB compressed), instead of React Router
  // scanning every link after hydration and asking the server for the routes behind them: that
  // scan and its request were a 15–40 ms task of every page's load (issue 18).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
