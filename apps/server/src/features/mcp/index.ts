export type { McpDeps } from "./deps.ts";
export { mcpRoutes } from "./routes.ts";
