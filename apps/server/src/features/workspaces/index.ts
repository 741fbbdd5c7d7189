export { type AuditAction, recordAudit } from "./audit.ts";
export {
  INVITATION_TTL_MS,
  invitationRoutes,
  type WorkspaceRoutesDeps,
  workspaceRoutes,
} from "./routes.ts";
export { workspaceStorageFolder } from "./storage-folder.ts";
