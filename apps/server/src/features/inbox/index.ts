export { inboxRoutes } from "./routes.ts";
