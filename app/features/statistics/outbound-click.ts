/**
 * Where the browser reports a click on a link to another website (docs/decisions/0025): a POST
 * the server answers with 204 and counts as an outbound-click conversion. Not a page, so the
 * counting of views never sees it.
 */
export const OUTBOUND_CLICK_PATH = "/__klick";
/** The form field of the report sent from the page's script (the `ping` report has a header). */
export const OUTBOUND_TARGET_FIELD = "ziel";

/**
 * What a link to another website carries while statistics are on: the link itself stays the
 * address the visitor sees. Before the page's script runs, the browser's own click report
 * (`ping`, sent by Chrome, Edge and Safari); once it runs, a beacon from the click, which every
 * browser sends, and no `ping`, so a click is not reported twice.
 */
export function outboundClickProps(
  counting: boolean,
  hydrated: boolean,
  href: string,
): { ping?: string; onClick?: () => void } {
  if (!counting) return {};
  if (!hydrated) return { ping: OUTBOUND_CLICK_PATH };
  return {
    onClick: () => {
      navigator.sendBeacon?.(OUTBOUND_CLICK_PATH, new URLSearchParams({ [OUTBOUND_TARGET_FIELD]: href }));
    },
  };
}
