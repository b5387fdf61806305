/** Spec §9: fifty particles. */
export const PARTICLE_COUNT = 50;

/** What the drawing loop is told: the canvas' size on screen and whether it may draw. */
export type ParticlesMessage =
  { kind: "size"; width: number; height: number; ratio: number } | { kind: "play"; playing: boolean };

type Particle = { x: number; y: number; vx: number; vy: number; r: number; fill: string };

/** What a drawing loop needs of its surroundings: a window or a dedicated worker. */
type Frames = {
  requestAnimationFrame(callback: () => void): number;
  cancelAnimationFrame(handle: number): void;
};

type Surface = HTMLCanvasElement | OffscreenCanvas;
type Context = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/**
 * The particle animation on one canvas, driven by messages: the first size seeds the particles,
 * and it draws only while playing. The same loop runs in the particles worker (the main thread
 * then does no work per frame) and, where a browser cannot hand a canvas to a worker, on the
 * main thread.
 */
export function particleAnimation(canvas: Surface, context: Context, frames: Frames) {
  let particles: Particle[] = [];
  let width = 0;
  let height = 0;
  let playing = false;
  let frame = 0;

  const draw = () => {
    context.clearRect(0, 0, width, height);
    for (const p of particles) {
      p.x = (p.x + p.vx + width) % width;
      p.y = (p.y + p.vy + height) % height;
      context.beginPath();
      context.arc(p.x, p.y, p.r, 0, Math.PI * 2);
      context.fillStyle = p.fill;
      context.fill();
    }
    frame = frames.requestAnimationFrame(draw);
  };

  const update = () => {
    frames.cancelAnimationFrame(frame);
    if (playing && particles.length > 0) frame = frames.requestAnimationFrame(draw);
  };

  return (message: ParticlesMessage) => {
    if (message.kind === "play") {
      playing = message.playing;
    } else {
      ({ width, height } = message);
      canvas.width = Math.round(width * message.ratio);
      canvas.height = Math.round(height * message.ratio);
      context.setTransform(message.ratio, 0, 0, message.ratio, 0, 0);
      if (particles.length === 0 && width > 0 && height > 0) particles = seed(width, height);
    }
    update();
  };
}

function seed(width: number, height: number): Particle[] {
  return Array.from({ length: PARTICLE_COUNT }, () => ({
    x: Math.random() * width,
    y: Math.random() * height,
    vx: (Math.random() - 0.5) * 0.35,
    vy: (Math.random() - 0.5) * 0.35,
    r: 1 + Math.random() * 2,
    fill: `rgba(255, 255, 255, ${0.25 + Math.random() * 0.5})`,
  }));
}
