import { useEffect, useRef } from "react";
import { prefersReducedMotion } from "~/ui/cn";

/** Spec §9: fifty particles. */
export const PARTICLE_COUNT = 50;

type Particle = { x: number; y: number; vx: number; vy: number; r: number; fill: string };

/**
 * A canvas of slowly drifting particles behind the hero text. Starts only after hydration, once
 * the page is idle (never delays the first paint), draws only while the hero is on screen and
 * the tab is visible, and stays off under `prefers-reduced-motion: reduce`.
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
    // Scrolled past the hero, the animation costs the main thread a frame's work for nothing.
    let onScreen = true;
    // The canvas' size on screen, kept up to date by a ResizeObserver: reading clientWidth in
    // the frame loop would force a layout in every frame (Lighthouse: forced reflow).
    let width = 0;
    let height = 0;

    const resize = (entries: ResizeObserverEntry[]) => {
      const box = entries[0]?.contentRect;
      if (!box) return;
      width = box.width;
      height = box.height;
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      // The first size to arrive starts the animation.
      if (particles.length === 0 && width > 0 && height > 0) {
        seed();
        play();
      }
    };
    const seed = () => {
      particles = Array.from({ length: PARTICLE_COUNT }, () => ({
        x: Math.random() * width,
        y: Math.random() * height,
        vx: (Math.random() - 0.5) * 0.35,
        vy: (Math.random() - 0.5) * 0.35,
        r: 1 + Math.random() * 2,
        fill: `rgba(255, 255, 255, ${0.25 + Math.random() * 0.5})`,
      }));
    };
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
      frame = requestAnimationFrame(draw);
    };
    const play = () => {
      cancelAnimationFrame(frame);
      if (started && onScreen && !document.hidden) frame = requestAnimationFrame(draw);
    };
    const observer = new ResizeObserver(resize);
    const visibility = new IntersectionObserver((entries) => {
      onScreen = entries.some((entry) => entry.isIntersecting);
      play();
    });
    const start = () => {
      started = true;
      observer.observe(canvas);
      visibility.observe(canvas);
    };

    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(start, { timeout: 2000 })
      : window.setTimeout(start, 200);
    document.addEventListener("visibilitychange", play);
    return () => {
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      cancelAnimationFrame(frame);
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
