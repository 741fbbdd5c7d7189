export { buildAudience } from "./audience.ts";
export {
  assertPostInHistory,
  clampToHistory,
  type HistoryWindow,
  historyWindow,
  periodInHistory,
} from "./history.ts";
export { addDays, dayStart, eachDay, resolvePeriod } from "./period.ts";
export { analyticsRoutes } from "./routes.ts";
export {
  buildOverview,
  getPostDetail,
  listPosts,
  listTopPosts,
  type PeriodFetcher,
} from "./service.ts";
export { storyAnalyticsRoutes } from "./stories-routes.ts";
