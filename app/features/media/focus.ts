import type { CSSProperties } from "react";

/**
 * An image's focal point: the spot that every crop keeps in view, in % of its width (x, from the
 * left) and height (y, from the top). Shared by server and browser code.
 */
export type Focus = { x: number; y: number };

export const CENTRE: Focus = { x: 50, y: 50 };

/** Whole percent from 0 to 100; anything else is the centre. */
export const clampPercent = (value: number) =>
  Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 50;

/** `object-position` of a crop; none for the centre, CSS's own default (a page as it was). */
export function focusStyle(focus: Focus | undefined): CSSProperties | undefined {
  if (!focus || (focus.x === CENTRE.x && focus.y === CENTRE.y)) return undefined;
  return { objectPosition: `${focus.x}% ${focus.y}%` };
}

export const FOCUS_LABELS = {
  picker: "Bildausschnitt: Tippe auf die wichtigste Stelle",
  x: "Fokus waagerecht in %",
  y: "Fokus senkrecht in %",
} as const;

export const FOCUS_MESSAGE = "Der Bildausschnitt muss eine ganze Zahl von 0 bis 100 % sein.";
