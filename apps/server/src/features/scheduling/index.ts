export { approvalRequired, assertApproved } from "./approval-gate.ts";
export { calendarRoutes } from "./calendar-routes.ts";
export {
  cancelScheduledPost,
  publishPostNow,
  reschedulePost,
  scheduleStoredPost,
} from "./post-actions.ts";
export {
  checkedEdit,
  deleteScheduledPost,
  type PlannedWorkspace,
  previewPost,
  type ScheduleDeps,
  saveDraft,
  scheduleDraft,
} from "./schedule-draft.ts";
export { scheduledPostRoutes } from "./scheduled-posts-routes.ts";
