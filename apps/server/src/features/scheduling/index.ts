export { calendarRoutes } from "./calendar-routes.ts";
export { scheduledPostRoutes } from "./scheduled-posts-routes.ts";
