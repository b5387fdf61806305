import { z } from "zod";
import { CENTRE, FOCUS_MESSAGE } from "./focus";

/**
 * One coordinate of a focal point as a form sends it: a whole percent from 0 to 100. Left out
 * or empty is the centre (a form or a page stored before focal points existed).
 */
export const focusPercent = () =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? CENTRE.x : value),
    z.coerce
      .number({ error: FOCUS_MESSAGE })
      .int(FOCUS_MESSAGE)
      .min(0, FOCUS_MESSAGE)
      .max(100, FOCUS_MESSAGE),
  );

/** A focal point of an image reference (a page's image); the centre when left out. */
export const FocusSchema = z
  .object({ x: focusPercent(), y: focusPercent() })
  .optional()
  .transform((focus) => focus ?? { ...CENTRE });
