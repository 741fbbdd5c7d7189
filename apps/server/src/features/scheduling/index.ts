export { calendarRoutes } from "./calendar-routes.ts";
export { type ScheduleDeps, saveDraft } from "./schedule-draft.ts";
export { scheduledPostRoutes } from "./scheduled-posts-routes.ts";
