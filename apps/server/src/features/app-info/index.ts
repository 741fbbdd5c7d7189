export { configRoutes } from "./config-routes.ts";
export { healthRoutes } from "./health-routes.ts";
export { metricsRoutes } from "./metrics-routes.ts";
export { READINESS_CHECK_TIMEOUT_MS, type ReadinessCheck, readyRoutes } from "./ready-routes.ts";
