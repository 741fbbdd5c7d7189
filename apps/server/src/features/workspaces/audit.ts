import { type AuditEventInput, type Db, insertAuditEvent } from "@sightline/db";
import type { ActiveWorkspace, SessionUser } from "../../lib/app-types.ts";
import type { Logger } from "../../lib/logger.ts";

/*
 * The audit log (issue 29 point 5): who did what and when, per workspace. Written after the
 * action succeeded; a failure to write it is logged and never undoes or fails the action.
 */

export type AuditAction =
  | "member.invited"
  | "member.invitation_revoked"
  | "member.joined"
  | "member.role_changed"
  | "member.removed"
  | "member.left"
  | "workspace.created"
  | "workspace.plan_changed"
  | "workspace.renamed"
  | "workspace.logo_changed"
  | "workspace.logo_removed"
  | "workspace.ownership_transferred"
  | "instagram.connected"
  | "instagram.disconnected"
  | "instagram.kept_active"
  | "instagram.connect_link_created"
  | "instagram.connect_link_revoked"
  | "post.scheduled"
  | "post.published"
  | "post.deleted"
  | "post.cancelled"
  | "inbox.replied"
  | "inbox.comment_hidden"
  | "inbox.comment_deleted"
  | "inbox.label_created"
  | "inbox.label_deleted"
  | "analytics.exported"
  | "webhook.created"
  | "webhook.updated"
  | "webhook.deleted"
  | "webhook.secret_rolled"
  | "webhook.disabled"
  | "api_token.created"
  | "api_token.revoked"
  | "approvals.setting_changed"
  | "report.created"
  | "report.updated"
  | "report.deleted";

/**
 * Who acted: a signed-in member (a route's `c.var`), a member's access token (the public API and
 * the MCP server: the member is the actor, and the event says which token), or nobody (the
 * system, with the workspace only).
 */
export type AuditActor =
  | { user: SessionUser; workspace: ActiveWorkspace }
  | { apiToken: { id: string; workspaceId: string; userId: string; userEmail: string | null } }
  | { workspaceId: string };

export async function recordAudit(
  deps: { db: Db; logger?: Logger },
  actor: AuditActor,
  action: AuditAction,
  details: Omit<AuditEventInput, "workspaceId" | "actorUserId" | "actorEmail" | "action"> = {},
) {
  const event: AuditEventInput =
    "user" in actor
      ? {
          workspaceId: actor.workspace.id,
          actorUserId: actor.user.id,
          actorEmail: actor.user.email,
          action,
          ...details,
        }
      : "apiToken" in actor
        ? {
            workspaceId: actor.apiToken.workspaceId,
            actorUserId: actor.apiToken.userId,
            actorEmail: actor.apiToken.userEmail,
            action,
            ...details,
            details: { ...details.details, via: "api", tokenId: actor.apiToken.id },
          }
        : {
            workspaceId: actor.workspaceId,
            actorUserId: null,
            actorEmail: null,
            action,
            ...details,
          };
  try {
    await insertAuditEvent(deps.db, event);
  } catch (error) {
    deps.logger?.warn({ err: error, action }, "audit event not written");
  }
}
