export { notificationRoutes } from "./routes.ts";
export { inboxTestRoutes } from "./test-routes.ts";
