/** What other features and the server use of statistics: the only way in from outside the folder. */
export {
  countConversion,
  countOutboundClick,
  countPageView,
  flushVisits,
  pruneVisits,
  reclaimVisitSpace,
  statisticsEnabled,
} from "./counting.server";
export { type AnsweredRequest, type ConversionKind } from "./visits.server";
export { sendWeeklyReport } from "./weekly-report.server";
export { STATISTICS_MESSAGES } from "./messages";
export { OUTBOUND_TARGET_FIELD } from "./outbound-click";
