/** What other features and the server use of statistics: the only way in from outside the folder. */
export {
  countConversion,
  countPageView,
  flushVisits,
  pruneVisits,
  statisticsEnabled,
} from "./counting.server";
export { type AnsweredRequest, type ConversionKind } from "./visits.server";
export { sendWeeklyReport } from "./weekly-report.server";
