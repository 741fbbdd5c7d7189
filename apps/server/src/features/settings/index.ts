export { createDataExportRunner } from "./data-export.ts";
export { settingsRoutes } from "./routes.ts";
