export { calendarRoutes } from "./calendar-routes.ts";
export {
  type PlannedWorkspace,
  previewPost,
  type ScheduleDeps,
  saveDraft,
  scheduleDraft,
} from "./schedule-draft.ts";
export { scheduledPostRoutes } from "./scheduled-posts-routes.ts";
