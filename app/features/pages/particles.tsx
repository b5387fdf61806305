import { useEffect, useRef } from "react";
import { PARTICLE_COUNT, particleAnimation, type ParticlesMessage } from "~/features/pages/particles-drawing";
import { prefersReducedMotion } from "~/ui/cn";

/**
 * A canvas of slowly drifting particles behind the hero text. Starts only after hydration, once
 * the page is idle (never delays the first paint), draws only while the hero is on screen and
 * the tab is visible, and stays off under `prefers-reduced-motion: reduce`.
 *
 * The drawing runs in a worker that owns the canvas (`transferControlToOffscreen`), so the main
 * thread does no work per frame: with it on the main thread, every frame's drawing and paint
 * were tasks that a phone's slower CPU turns into Total Blocking Time.
 */
export function Particles() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || prefersReducedMotion()) return;

    let send: ((message: ParticlesMessage) => void) | undefined;
    let worker: Worker | undefined;
    let onScreen = true;
    let started = false;

    const play = () => send?.({ kind: "play", playing: started && onScreen && !document.hidden });
    // The canvas' size on screen, from a ResizeObserver: reading clientWidth per frame would
    // force a layout each time.
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (!box) return;
      send?.({
        kind: "size",
        width: box.width,
        height: box.height,
        ratio: Math.min(devicePixelRatio || 1, 2),
      });
    });
    const visibility = new IntersectionObserver((entries) => {
      onScreen = entries.some((entry) => entry.isIntersecting);
      play();
    });

    const start = () => {
      started = true;
      send = inWorker(canvas, (created) => (worker = created)) ?? onMainThread(canvas);
      observer.observe(canvas);
      visibility.observe(canvas);
      play();
    };
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(start, { timeout: 2000 })
      : window.setTimeout(start, 200);
    document.addEventListener("visibilitychange", play);
    return () => {
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      send?.({ kind: "play", playing: false });
      worker?.terminate();
      observer.disconnect();
      visibility.disconnect();
      document.removeEventListener("visibilitychange", play);
    };
  }, []);

  return (
    <canvas
      ref={canvasRef}
      aria-hidden="true"
      data-particles={PARTICLE_COUNT}
      className="absolute inset-0 -z-10 size-full"
    />
  );
}

/** Hands the canvas to the particles worker, or undefined where the browser cannot. */
function inWorker(
  canvas: HTMLCanvasElement,
  created: (worker: Worker) => void,
): ((message: ParticlesMessage) => void) | undefined {
  if (typeof Worker === "undefined" || !("transferControlToOffscreen" in canvas)) return undefined;
  let offscreen: OffscreenCanvas;
  try {
    offscreen = canvas.transferControlToOffscreen();
  } catch {
    return undefined; // Handed over already (an effect that ran twice): nothing more to draw.
  }
  const worker = new Worker(new URL("./particles.worker.ts", import.meta.url), { type: "module" });
  created(worker);
  worker.postMessage({ canvas: offscreen }, [offscreen]);
  return (message) => worker.postMessage(message);
}

function onMainThread(canvas: HTMLCanvasElement): ((message: ParticlesMessage) => void) | undefined {
  const context = canvas.isConnected ? canvas.getContext("2d") : null;
  return context ? particleAnimation(canvas, context, window) : undefined;
}
