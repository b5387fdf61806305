/** How long a counted page view is kept as it was; its day's totals stay (docs/decisions/0025). */
export const VISIT_EVENT_DAYS = 30;
