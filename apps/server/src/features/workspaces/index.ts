export { type AuditAction, type AuditActor, recordAudit } from "./audit.ts";
export { createWorkspacesFeature } from "./feature.ts";
export { pruneAuditJob } from "./prune-audit.job.ts";
export {
  INVITATION_TTL_MS,
  invitationRoutes,
  MAX_LOGO_BYTES,
  type WorkspaceRoutesDeps,
  workspaceRoutes,
} from "./routes.ts";
export { workspaceStorageFolder } from "./storage-folder.ts";
