// Types for seeded-random.js, which the artwork scripts run as plain JavaScript and the tests import.

/** FNV-1a hash of a string → 32-bit seed. */
export function hash(text: string): number;

/** mulberry32: returns a function yielding [0, 1), the same sequence for the same seed. */
export function mulberry32(seed: number): () => number;

/** The drawing helpers on top of mulberry32; each draws exactly one number per call. */
export function random(seed: number): {
  next: () => number;
  float: (min: number, max: number) => number;
  int: (min: number, max: number) => number;
  pick: <T>(list: readonly T[]) => T;
  chance: (p: number) => boolean;
};
