import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rolldown } from "vite";

type ModuleInfoOf = (id: string) => Rolldown.ModuleInfo | null;

const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const ROUTER = /node_modules[\\/](react-router|@remix-run|cookie-es)[\\/]/;
/** Admin code: the admin, auth and privacy features, and every feature's `admin-*` modules (in its subfolders too). */
const ADMIN = /[\\/]app[\\/]features[\\/]((admin|auth|privacy)[\\/]|[\w-]+[\\/]([\w-]+[\\/])*admin-)/;
/** The entry, root and site layout: every page loads them. */
const FRAME = /(virtual:react-router|[\\/]app[\\/](root|features[\\/]site[\\/]layout)\.tsx\?)/;
const HOME = /[\\/]app[\\/]features[\\/]pages[\\/]home\.tsx\?/;
const memo = new Map<string, string[]>();

/**
 * The entries (route modules, the client entry) that import a module, directly or not. An admin
 * module counts as an entry of its own: what it imports is admin code, even where a feature's
 * index re-exports it to public pages, which do not load it (the re-export is dropped there).
 */
function entriesOf(id: string, info: ModuleInfoOf): string[] {
  const known = memo.get(id);
  if (known) return known;
  const entries = new Set<string>();
  const seen = new Set([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const module = info(next);
    if (!module || module.isEntry || module.importers.length === 0 || (next !== id && ADMIN.test(next))) {
      entries.add(next);
      continue;
    }
    for (const importer of module.importers) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  memo.set(id, [...entries]);
  return [...entries];
}

/**
 * Fewer, larger chunks for the public pages. Left to itself, the bundler makes a chunk for every
 * set of routes sharing a module, so the home page loaded 30 scripts, most under 1 kB, each
 * with its own request and response headers. Now: React and React Router in a chunk each; what the frame
 * (entry, root, site layout) imports in one, since every page loads it anyway; and one for what
 * at least two public pages share. Admin modules never join a shared chunk, so the chunks named
 * after them stay recognisable (`npm run audit` checks that public pages never load them), and
 * what a single page needs (the contact form's schema library) stays with that page. What the
 * home page shares with other pages is one chunk; what only other pages share is another, so the
 * first page of most visits loads nothing it does not use. What only the pages of one feature share
 * (the booking's five pages) is a chunk of that feature's, so the contact page does not load the
 * booking's messages.
 */
function chunkGroup(id: string, context: { getModuleInfo: ModuleInfoOf }): string | null {
  const info: ModuleInfoOf = (moduleId) => context.getModuleInfo(moduleId);
  if (ADMIN.test(id) || info(id)?.isEntry) return null;
  const entries = entriesOf(id, info);
  if (entries.some((entry) => FRAME.test(entry))) return "frame";
  const publicPages = entries.filter((entry) => entry.includes("?") && !ADMIN.test(entry));
  if (publicPages.length < 2) return null;
  if (publicPages.some((entry) => HOME.test(entry))) return "pages";
  const features = new Set(publicPages.map((entry) => FEATURE_OF.exec(entry)?.[1]));
  const [feature] = features;
  return features.size === 1 && feature ? `${feature}-pages` : "more-pages";
}

/** The feature folder of a module. */
const FEATURE_OF = /[\\/]app[\\/]features[\\/]([\w-]+)[\\/]/;
/** The chunk of what only the pages of one feature share, e.g. "booking-pages". */
const featurePages = (id: string, context: { getModuleInfo: ModuleInfoOf }): string | null => {
  const group = chunkGroup(id, context);
  return group && group !== "more-pages" && group.endsWith("-pages") ? group : null;
};

/** The chunk group `name` alone, for one group entry with its own priority. */
const only =
  (name: string) =>
  (id: string, context: { getModuleInfo: ModuleInfoOf }): string | null =>
    chunkGroup(id, context) === name ? name : null;

/**
 * The worker threads are modules of their own: the server build emits each next to its bundle.
 * The embedded database's (app/platform/db/pglite-thread.server.ts starts it) as
 * build/server/pglite-worker.js, the statistics' (app/features/statistics/visit-thread.server.ts)
 * as build/server/visit-thread.js.
 */
const workerThreads: Plugin = {
  name: "worker-threads",
  applyToEnvironment: (environment) => environment.name === "ssr",
  buildStart() {
    if (this.environment.mode !== "build") return;
    this.emitFile({ type: "chunk", id: "./app/platform/db/pglite-worker.ts", fileName: "pglite-worker.js" });
    this.emitFile({
      type: "chunk",
      id: "./app/features/statistics/visit-thread.ts",
      fileName: "visit-thread.js",
    });
  },
};

export default defineConfig({
  // The production server (server/app.ts) is the SSR entry: it imports the React Router build
  // through `virtual:react-router/server-build`, so the app and its server share one module graph.
  environments: {
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      // One file instead of ~1,150 module files from node_modules: the server starts in 1.9
      // instead of 3 s. Native addons and packages that load their own files stay outside
      // (docs/decisions/0031-server-bundle.md).
      resolve: {
        noExternal: true,
        external: ["sharp", "@node-rs/argon2", "@electric-sql/pglite", "pg", "nodemailer"],
      },
    },
    client: {
      build: {
        // The password-strength estimator's dictionaries (1.3 MB, 0.6 MB gzipped) are one chunk,
        // loaded by import() on Profil and the setup page only: no page loads it up front.
        chunkSizeWarningLimit: 1_400,
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                // Two chunks, not one: the page evaluates one module per task (deferred
                // hydration), and React with React Router was its longest task.
                { name: "react", test: REACT, priority: 6 },
                { name: "router", test: ROUTER, priority: 5 },
                // A group takes the modules it names and their dependencies, in this order: a
                // module the home page shares must be in "pages" before "more-pages" pulls it in,
                // and one that pages of several features share before a feature's chunk does.
                { name: only("frame"), priority: 4 },
                { name: only("pages"), priority: 3 },
                { name: only("more-pages"), priority: 2 },
                { name: featurePages, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [tailwindcss(), reactRouter(), workerThreads],
  server: { port: 5173 },
});
