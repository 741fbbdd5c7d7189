export {
  type DataDeletionDeps,
  deleteAccountRequestedByUser,
  deleteDataForMetaUser,
  findDeletionRequest,
} from "./data-deletion.ts";
export { meRoutes } from "./me-routes.ts";
export { sessionRoutes } from "./session-routes.ts";
