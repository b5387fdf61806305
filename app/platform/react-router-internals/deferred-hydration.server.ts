/**
 * Starts loading a document's JavaScript once the page has appeared, instead of while it loads.
 *
 * Every page is complete without JavaScript: server-rendered, links and forms work. React Router
 * puts a `<link rel="modulepreload">` for each of its modules into the head and a module script
 * with static imports at the end of the body, so a browser fetches about 125 kB of JavaScript
 * in parallel with the stylesheet and the images; on a slow phone connection the page's first
 * paint and its largest image wait for bandwidth they did not need (Lighthouse mobile: first
 * paint 2.0 s with them, 0.8 s without). Here the preloads leave the head, the module script
 * stays in the document inert (`type="text/x-deferred-module"`), and a small inline script adds
 * both back once the page has loaded and painted, so it hydrates right after that.
 * docs/decisions/0010-deferred-hydration.md.
 */
import { logger } from "../logger.server";
import { MAIN_IMAGE } from "~/ui/main-image";

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">/;
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";
const DEFERRED_ID = "deferred-modules";

/**
 * Runs in the browser, inlined by its source (so it uses nothing from outside its arguments).
 * Waits for the window's load event (the images above the fold are there), the first
 * contentful paint and the paint of the page's main image (`MAIN_IMAGE`), then for the work
 * already queued, and adds the module preloads and the modules. Where the browser reports no
 * paint, or in a background tab, which does not paint, `fallbackMs` after the load event is
 * enough; where images load slowly, `slowLoadMs` after the first paint is enough.
 */
function loadModulesAfterFirstPaint(
  id: string,
  preloads: string[],
  entry: string,
  mainImage: string,
  fallbackMs: number,
  slowLoadMs: number,
) {
  let loaded = false;
  let painted = false;
  let started = false;
  // The next step in a task of its own. Neither timers nor animation frames: a test that
  // pauses the page's clock pauses those.
  const inNewTask = (step: () => void) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = step;
    channel.port2.postMessage(null);
  };
  const insert = () => {
    const inert = document.getElementById(id);
    if (!inert) return;
    // One module per task: each script element's module graph is evaluated in a task of its
    // own, and React Router's script (which starts the hydration) comes last.
    const evaluate = (remaining: string[]) => {
      const script = document.createElement("script");
      script.type = "module";
      const [next, ...rest] = remaining;
      if (next === undefined) {
        script.nonce = inert.nonce;
        script.textContent = inert.textContent;
        inert.replaceWith(script);
        return;
      }
      script.src = next;
      script.onload = script.onerror = () => evaluate(rest);
      document.head.appendChild(script);
    };
    // One preload per task too: on a busy phone a single insertion sometimes takes several
    // milliseconds, and eleven of them in one task made it a long one.
    const preload = (remaining: string[]) => {
      const [href, ...rest] = remaining;
      if (href === undefined) return evaluate(preloads.filter((module) => module !== entry));
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
      inNewTask(() => preload(rest));
    };
    preload(preloads);
  };
  // After the work the browser has queued.
  const afterQueuedWork = () => {
    const { scheduler } = window as {
      scheduler?: { postTask?: (task: () => void, options: object) => void };
    };
    if (scheduler?.postTask) scheduler.postTask(insert, { priority: "background" });
    else inNewTask(insert);
  };
  // The page's main image (marked with `elementtiming`), when it has loaded and is on screen,
  // has been painted: the browser reports it where it supports Element Timing.
  const afterMainImagesPainted = (then: () => void) => {
    const images = document.querySelectorAll<HTMLImageElement>(`img[elementtiming="${mainImage}"]`);
    const pending = new Set<Element>(
      [...images].filter(
        (img) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().top < window.innerHeight,
      ),
    );
    if (pending.size === 0 || !PerformanceObserver.supportedEntryTypes.includes("element")) return then();
    new PerformanceObserver((list, observer) => {
      for (const entry of list.getEntries()) {
        pending.delete((entry as PerformanceEntry & { element: Element | null }).element!);
      }
      if (pending.size > 0) return;
      observer.disconnect();
      then();
    }).observe({ type: "element", buffered: true });
  };
  const start = () => {
    if (started || !loaded || !painted) return;
    started = true;
    afterMainImagesPainted(afterQueuedWork);
  };
  const markLoaded = () => {
    loaded = true;
    start();
  };
  const markPainted = () => {
    painted = true;
    start();
  };
  const onLoad = () => {
    markLoaded();
    setTimeout(markPainted, fallbackMs);
  };
  if (document.readyState === "complete") onLoad();
  else window.addEventListener("load", onLoad, { once: true });
  if (!(window.PerformanceObserver?.supportedEntryTypes ?? []).includes("paint")) {
    markPainted();
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    markPainted();
    // An image that takes long (a slow connection) does not hold the page's JavaScript back
    // for longer than this after the first paint.
    setTimeout(markLoaded, slowLoadMs);
  }).observe({ type: "paint", buffered: true });
}

const FALLBACK_MS = 3_000;
const SLOW_LOAD_MS = 1_000;

/** React Router's markup the rewrite relies on, by the name a failing check reports. */
export const DEFERRED_HYDRATION_MARKUP = {
  moduleScript: 'React Router\'s module script (<script type="module" async="">)',
  preloads: 'React Router\'s module preloads (<link rel="modulepreload" href="…"/>)',
  entry: 'the entry import at the end of the module script (import("…");</script>)',
} as const;

export type DeferredHydration = {
  html: string;
  /** The pieces of React Router's markup that were not found (empty: fully applied). */
  notFound: string[];
};

let warnedNotFound = false;

/** The page as sent: deferred where React Router's markup allows, else unchanged (and said once). */
export function deferHydration(html: string): string {
  const result = rewriteForDeferredHydration(html);
  if (result.notFound.length > 0 && !warnedNotFound) {
    // Every document React Router renders has these; without them, its output changed (an
    // upgrade?) and pages hydrate at once. Said once, not for every page;
    // tests/integration/markup-rewrites.test.ts fails on it.
    warnedNotFound = true;
    logger.warn({ notFound: result.notFound }, "deferred hydration is off or partial: markup not found");
  }
  return result.html;
}

/** The rewrite itself, and what of React Router's markup it did not find. */
export function rewriteForDeferredHydration(html: string): DeferredHydration {
  const moduleScript = html.match(MODULE_SCRIPT);
  if (!moduleScript) return { html, notFound: [DEFERRED_HYDRATION_MARKUP.moduleScript] };
  const notFound: string[] = [];
  const preloads: string[] = [];
  const withoutPreloads = html.replace(MODULE_PRELOAD, (_, href: string) => {
    preloads.push(href);
    return "";
  });
  if (preloads.length === 0) notFound.push(DEFERRED_HYDRATION_MARKUP.preloads);
  const nonce = moduleScript[1] ?? "";
  // React Router's script ends with `import("<entry module>")`, which starts the hydration.
  const entry = html.slice(moduleScript.index).match(/import\("([^"]+)"\);\s*<\/script>/)?.[1] ?? "";
  if (!entry) notFound.push(DEFERRED_HYDRATION_MARKUP.entry);
  const args = [DEFERRED_ID, preloads, entry, MAIN_IMAGE.elementtiming, FALLBACK_MS, SLOW_LOAD_MS].map(
    (arg) => JSON.stringify(arg).replaceAll("<", "\\u003c"),
  );
  const loader = `(${loadModulesAfterFirstPaint.toString()})(${args.join(",")})`;
  return {
    html: withoutPreloads.replace(
      MODULE_SCRIPT,
      () =>
        `<script${nonce}>${loader}</script><script${nonce} type="${DEFERRED_MODULE_TYPE}" id="${DEFERRED_ID}">`,
    ),
    notFound,
  };
}
