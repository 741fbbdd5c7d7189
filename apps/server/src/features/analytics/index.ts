export { buildAudience } from "./audience.ts";
export { type HistoryWindow, historyWindow } from "./history.ts";
export { addDays, dayStart, eachDay, resolvePeriod } from "./period.ts";
export { analyticsRoutes } from "./routes.ts";
export { buildOverview, type PeriodFetcher } from "./service.ts";
