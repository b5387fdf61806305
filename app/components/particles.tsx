import { useEffect, useRef } from "react";
import { prefersReducedMotion } from "~/lib/utils";

/** Spec §9: fifty particles. */
export const PARTICLE_COUNT = 50;

type Particle = { x: number; y: number; vx: number; vy: number; r: number; a: number };

/**
 * A canvas of slowly drifting particles behind the hero text. Starts only after the page is
 * idle (never delays the first paint), pauses while the tab is hidden and stays off under
 * `prefers-reduced-motion: reduce`.
 */
export function Particles() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context || prefersReducedMotion()) return;

    let particles: Particle[] = [];
    let frame = 0;
    let started = false;

    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      canvas.width = canvas.clientWidth * ratio;
      canvas.height = canvas.clientHeight * ratio;
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
    };
    const seed = () => {
      particles = Array.from({ length: PARTICLE_COUNT }, () => ({
        x: Math.random() * canvas.clientWidth,
        y: Math.random() * canvas.clientHeight,
        vx: (Math.random() - 0.5) * 0.35,
        vy: (Math.random() - 0.5) * 0.35,
        r: 1 + Math.random() * 2,
        a: 0.25 + Math.random() * 0.5,
      }));
    };
    const draw = () => {
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      context.clearRect(0, 0, width, height);
      for (const p of particles) {
        p.x = (p.x + p.vx + width) % width;
        p.y = (p.y + p.vy + height) % height;
        context.beginPath();
        context.arc(p.x, p.y, p.r, 0, Math.PI * 2);
        context.fillStyle = `rgba(255, 255, 255, ${p.a})`;
        context.fill();
      }
      frame = requestAnimationFrame(draw);
    };
    const play = () => {
      cancelAnimationFrame(frame);
      if (started && !document.hidden) frame = requestAnimationFrame(draw);
    };
    const start = () => {
      started = true;
      resize();
      seed();
      play();
    };

    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(start, { timeout: 2000 })
      : window.setTimeout(start, 200);
    document.addEventListener("visibilitychange", play);
    window.addEventListener("resize", resize);
    return () => {
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      cancelAnimationFrame(frame);
      document.removeEventListener("visibilitychange", play);
      window.removeEventListener("resize", resize);
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
