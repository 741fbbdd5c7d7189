export { inboxLabelRoutes } from "./labels.ts";
export { inboxRoutes } from "./routes.ts";
