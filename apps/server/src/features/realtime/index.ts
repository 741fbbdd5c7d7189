export { realtimeRoutes } from "./routes.ts";
