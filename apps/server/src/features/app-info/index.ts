export { configRoutes } from "./config-routes.ts";
export { healthRoutes } from "./health-routes.ts";
