import { particleAnimation, type ParticlesMessage } from "~/features/pages/particles-drawing";

/**
 * The hero's particles, drawn off the main thread: the page hands its canvas over once
 * (`{ canvas }`), then sends sizes and play/pause (`ParticlesMessage`).
 */
type WorkerScope = {
  onmessage: ((event: MessageEvent<{ canvas: OffscreenCanvas } | ParticlesMessage>) => void) | null;
  requestAnimationFrame?: (callback: () => void) => number;
  cancelAnimationFrame?: (handle: number) => void;
};
const scope = self as unknown as WorkerScope;

// Workers have animation frames in Chromium and Firefox; elsewhere a timer at 60 per second.
const frames =
  scope.requestAnimationFrame && scope.cancelAnimationFrame
    ? {
        requestAnimationFrame: scope.requestAnimationFrame.bind(scope),
        cancelAnimationFrame: scope.cancelAnimationFrame.bind(scope),
      }
    : {
        requestAnimationFrame: (callback: () => void) => Number(setTimeout(callback, 16)),
        cancelAnimationFrame: (handle: number) => clearTimeout(handle),
      };

let animate: ((message: ParticlesMessage) => void) | undefined;

scope.onmessage = (event) => {
  const data = event.data;
  if ("canvas" in data) {
    const context = data.canvas.getContext("2d");
    if (context) animate = particleAnimation(data.canvas, context, frames);
  } else {
    animate?.(data);
  }
};
