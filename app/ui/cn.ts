/**
 * Joins class names, leaving out the false ones. It does not merge: two utilities that set the
 * same property would both apply, and the stylesheet's order would decide. So no call combines
 * such classes; a component offers a variant (Button's `danger`) instead of letting a caller
 * override one. (tailwind-merge did the merging before; it was 7.5 kB of every page.)
 */
export { clsx as cn } from "clsx";

/** Whether the visitor asked the system for reduced motion (false during server rendering). */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
