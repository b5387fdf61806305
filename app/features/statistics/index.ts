/** What other features may know of statistics in any bundle: the privacy policy's facts. */
export { VISIT_EVENT_DAYS } from "./retention";
export { type VisitSource, visitSourceText } from "./visit-source";
export { OUTBOUND_CLICK_PATH, outboundClickProps } from "./outbound-click";
