import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * The text editor (Tiptap, ProseMirror, marked) reaches only the admin's editors, and only once
 * their page runs: its chunk is imported dynamically by the text field, which only the admin's
 * route modules import. The entry and every public route stay as small as before. Read from the
 * production build's client assets and React Router's manifest.
 */
const assets = path.join(import.meta.dirname, "..", "..", "build", "client", "assets");

type ManifestRoute = { id: string; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports?: string[] }; routes: Record<string, ManifestRoute> };

function readManifest(files: string[]): Manifest {
  const file = files.find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("No manifest in build/client/assets: run `npm run build` first");
  const source = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as Manifest;
}

test("the editor's chunk is loaded on demand by the admin's text fields only", () => {
  expect(existsSync(assets), "a production build (npm run build)").toBe(true);
  const files = readdirSync(assets).filter((name) => name.endsWith(".js"));
  const read = (name: string) => readFileSync(path.join(assets, name), "utf8");

  // ProseMirror's own class names mark the chunk that holds the editor.
  const editorChunks = files.filter((name) => read(name).includes("ProseMirror-focused"));
  expect(editorChunks).toHaveLength(1);
  const editorChunk = editorChunks[0]!;

  // Only the text field names it, in a dynamic import; no chunk imports it statically.
  const naming = files.filter((name) => name !== editorChunk && read(name).includes(editorChunk));
  expect(naming.length).toBeGreaterThan(0);
  for (const name of naming) {
    expect(read(name), name).toMatch(new RegExp(`import\\(\\s*["'\`]\\./${editorChunk.replace(".", "\\.")}`));
    expect(read(name), name).not.toMatch(new RegExp(`from\\s*["']\\./${editorChunk.replace(".", "\\.")}`));
  }

  // The modules that import those, and the routes that load them: the admin's editors only.
  const manifest = readManifest(files);
  const loads = (route: { module: string; imports?: string[] }) =>
    [route.module, ...(route.imports ?? [])].some((chunk) =>
      [editorChunk, ...naming].some((name) => chunk.endsWith(`/${name}`)),
    );
  expect(loads(manifest.entry), "the entry").toBe(false);
  const routes = Object.values(manifest.routes)
    .filter(loads)
    .map((route) => route.id)
    .sort();
  expect(routes).toEqual([
    "features/newsletter/admin-issue",
    "features/pages/admin-content-editor",
    "features/projects/admin-projects",
  ]);
});
