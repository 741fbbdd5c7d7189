import { randomBytes, randomUUID } from "node:crypto";
import {
  acceptInvitationSchema,
  can,
  changeRoleSchema,
  imageDimensions,
  inviteMemberSchema,
  roleLabels,
  transferOwnershipSchema,
  workspaceNameSchema,
} from "@sightline/contracts";
import {
  addMember,
  countMembers,
  createWorkspace,
  type Db,
  findInvitationByTokenHash,
  findMembership,
  findWorkspace,
  insertInvitation,
  listAuditEvents,
  listMembers,
  listMemberships,
  listPendingInvitations,
  markInvitationAccepted,
  markWorkspaceOpened,
  removeMember,
  renameWorkspace,
  revokeInvitation,
  setMemberRole,
  setWorkspaceLogo,
  transferOwnership,
} from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { csvCell } from "../../lib/csv.ts";
import { sha256Hex } from "../../lib/hash.ts";
import type { Logger } from "../../lib/logger.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember, requireUser } from "../../middleware/session.ts";
import { type Clock, dateOf } from "../../platform/clock.ts";
import { takeUserLimit, userLimit } from "../../platform/limits/user-limits.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { workspaceInvitationMessage } from "../../platform/mail/templates.ts";
import { type Storage, sniffMedia } from "../../platform/storage.ts";
import { requirePlan } from "../plans/index.ts";
import { recordAudit } from "./audit.ts";

/** An invitation link works this long, once. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
/** Most pending invitations a workspace holds at once (a mail cannon otherwise). */
export const MAX_PENDING_INVITATIONS = 50;
/** Most members a workspace holds until the plans issue sets per-plan limits. */
export const MAX_MEMBERS = 50;
/** Most workspaces one person may make (their personal one not counted). */
export const MAX_WORKSPACES_MADE = 20;
/** A workspace logo (client reports, issue 29 point 1): at most this large. */
export const MAX_LOGO_BYTES = 1024 * 1024;
const logoTypes = ["image/png", "image/jpeg", "image/webp"];
/** Logos live in the media bucket, in the workspace's folder (removed with it). */
const LOGO_BUCKET = "instagram-media";

export interface WorkspaceRoutesDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: Clock;
  logger: Logger;
  storage: Storage;
}

const userParam = z.object({ userId: z.string().min(1).max(200) });
const idParam = z.object({ id: z.string().uuid("Invitation not found.") });
const auditQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  action: z
    .string()
    .max(60)
    .regex(/^[a-z_.]*$/, "Filter by an action name such as member. or post.published.")
    .optional(),
  format: z.enum(["json", "csv"]).optional(),
});

/**
 * /api/workspaces: the workspaces the signed-in user belongs to, the open one's members,
 * invitations and audit log (issue 29, decision 026). Every route acts on the request's
 * workspace (the `x-sightline-workspace` header) through `requireMember`, so a foreign id is a
 * 404 and a role without the right a 403, as everywhere else.
 */
export function workspaceRoutes(deps: WorkspaceRoutesDeps) {
  const now = () => dateOf(deps.now);
  /** A member's e-mail, for the audit log (it reads after they leave). */
  const removeLogoFile = async (key: string) => {
    try {
      await deps.storage.delete(LOGO_BUCKET, key);
    } catch (error) {
      deps.logger.warn({ err: error }, "could not remove a replaced workspace logo");
    }
  };
  const memberEmail = async (workspaceId: string, userId: string) =>
    (await listMembers(deps.db, workspaceId)).find((m) => m.userId === userId)?.email ?? userId;
  return (
    new Hono<AppEnv>()
      // Any member, whatever their role (a Client too): where they are and what they may open.
      .get("/", requireUser, async (c) => {
        const workspace = await c.var.getWorkspace(c.var.user);
        const memberships = await listMemberships(deps.db, c.var.user.id);
        const logoPath = (await findWorkspace(deps.db, workspace.id))?.logoPath ?? null;
        return c.json({
          current: {
            id: workspace.id,
            name: workspace.name,
            role: workspace.role,
            personal: workspace.personal,
            logo_url: logoPath ? deps.storage.signedUrl(LOGO_BUCKET, logoPath) : null,
            // The plan in force (issue 30): the web shows locks from it before any click.
            plan: workspace.plan,
          },
          workspaces: memberships.map((m) => ({
            id: m.workspaceId,
            name: m.name,
            role: m.role,
            personal: m.personal,
          })),
        });
      })
      // Opening a workspace (the switcher): remembered as the one a new session opens.
      .post("/current/open", requireUser, async (c) => {
        const workspace = await c.var.getWorkspace(c.var.user);
        await markWorkspaceOpened(deps.db, workspace.id, c.var.user.id, now());
        return c.json({ id: workspace.id, name: workspace.name, role: workspace.role });
      })
      .post(
        "/",
        requireUser,
        validate("json", z.object({ name: workspaceNameSchema })),
        async (c) => {
          const made = (await listMemberships(deps.db, c.var.user.id)).filter(
            (m) => m.role === "owner" && !m.personal,
          );
          if (made.length >= MAX_WORKSPACES_MADE) {
            throw new AppError(
              "conflict",
              `You can own up to ${MAX_WORKSPACES_MADE} workspaces besides your own.`,
            );
          }
          const { name } = c.req.valid("json");
          const id = await createWorkspace(deps.db, { name, ownerId: c.var.user.id });
          await markWorkspaceOpened(deps.db, id, c.var.user.id, now());
          await recordAudit(deps, { workspaceId: id }, "workspace.created", {
            target: name,
            details: { by: c.var.user.email },
          });
          return c.json({ id, name, role: "owner" as const, personal: false }, 201);
        },
      )
      .patch(
        "/current",
        requireMember("members"),
        validate("json", z.object({ name: workspaceNameSchema })),
        async (c) => {
          const { name } = c.req.valid("json");
          await renameWorkspace(deps.db, c.var.workspace.id, name, now());
          await recordAudit(deps, c.var, "workspace.renamed", {
            target: name,
            details: { from: c.var.workspace.name },
          });
          return c.json({ id: c.var.workspace.id, name });
        },
      )
      // The logo (for client reports): the image itself as the body, checked by its bytes.
      .put("/current/logo", requireMember("members"), userLimit(deps, "upload"), async (c) => {
        const bytes = new Uint8Array(await c.req.arrayBuffer());
        if (bytes.length === 0) throw new AppError("bad_request", "Choose an image for the logo.");
        if (bytes.length > MAX_LOGO_BYTES) {
          throw new AppError("payload_too_large", "A logo must be at most 1 MB.");
        }
        const media = sniffMedia(bytes);
        if (!media || !logoTypes.includes(media.contentType)) {
          throw new AppError("unsupported_media_type", "A logo must be a PNG, JPEG or WebP image.");
        }
        const size = imageDimensions(bytes);
        if (!size) {
          throw new AppError(
            "unsupported_media_type",
            "The image could not be read. It may be damaged; export it again and retry.",
          );
        }
        if (Math.min(size.width, size.height) < 16 || Math.max(size.width, size.height) > 4096) {
          throw new AppError(
            "validation_failed",
            "A logo must be between 16 and 4,096 pixels on each side.",
          );
        }
        const { id, storageFolder } = c.var.workspace;
        const key = `${storageFolder}/logo/${randomUUID()}.${media.extension}`;
        await deps.storage.put(LOGO_BUCKET, key, bytes);
        const previous = (await findWorkspace(deps.db, id))?.logoPath;
        await setWorkspaceLogo(deps.db, id, key, now());
        if (previous) await removeLogoFile(previous);
        await recordAudit(deps, c.var, "workspace.logo_changed", { target: c.var.workspace.name });
        return c.json({ logo_url: deps.storage.signedUrl(LOGO_BUCKET, key) });
      })
      .delete("/current/logo", requireMember("members"), async (c) => {
        const { id } = c.var.workspace;
        const previous = (await findWorkspace(deps.db, id))?.logoPath;
        if (previous) {
          await setWorkspaceLogo(deps.db, id, null, now());
          await removeLogoFile(previous);
          await recordAudit(deps, c.var, "workspace.logo_removed", {
            target: c.var.workspace.name,
          });
        }
        return c.json({ logo_url: null });
      })
      // Any member sees who else is in the workspace; invitations are for those who manage them.
      .get("/current/members", requireUser, async (c) => {
        const workspace = await c.var.getWorkspace(c.var.user);
        const members = await listMembers(deps.db, workspace.id);
        const invitations = can(workspace.role, "members")
          ? await listPendingInvitations(deps.db, workspace.id, now())
          : [];
        return c.json({
          members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
          invitations: invitations.map((i) => ({
            ...i,
            createdAt: i.createdAt.toISOString(),
            expiresAt: i.expiresAt.toISOString(),
          })),
        });
      })
      .post(
        "/current/invitations",
        requireMember("members"),
        // Team members are a Premium capability (issue 30); the owner alone needs no plan.
        requirePlan("teamMembers"),
        validate("json", inviteMemberSchema),
        async (c) => {
          const { email, role } = c.req.valid("json");
          const workspace = c.var.workspace;
          const members = await listMembers(deps.db, workspace.id);
          if (members.some((m) => m.email.toLowerCase() === email)) {
            throw new AppError("conflict", `${email} is already a member of ${workspace.name}.`);
          }
          if (members.length >= MAX_MEMBERS) {
            throw new AppError("conflict", `A workspace holds up to ${MAX_MEMBERS} members.`);
          }
          const pending = await listPendingInvitations(deps.db, workspace.id, now());
          if (pending.some((i) => i.email === email)) {
            throw new AppError(
              "conflict",
              `${email} has an invitation already. Revoke it first to send a new one.`,
            );
          }
          if (pending.length >= MAX_PENDING_INVITATIONS) {
            throw new AppError(
              "conflict",
              `Up to ${MAX_PENDING_INVITATIONS} invitations can wait at once. Revoke some first.`,
            );
          }
          // Counted only for an invitation that will be sent: each is an e-mail.
          await takeUserLimit(deps, "invite", c.var.user.id);
          const token = randomBytes(32).toString("base64url");
          const invitation = await insertInvitation(deps.db, {
            workspaceId: workspace.id,
            email,
            role,
            tokenHash: sha256Hex(token),
            invitedBy: c.var.user.id,
            expiresAt: new Date(deps.now() + INVITATION_TTL_MS),
          });
          const url = `${deps.publicUrl.replace(/\/$/, "")}/invitations/accept?token=${token}`;
          await deps.mailer.sendEmail(
            workspaceInvitationMessage(email, {
              inviter: c.var.user.email,
              workspace: workspace.name,
              role: roleLabels[role],
              url,
            }),
          );
          await recordAudit(deps, c.var, "member.invited", { target: email, details: { role } });
          return c.json(
            {
              id: invitation.id,
              email,
              role,
              createdAt: invitation.createdAt.toISOString(),
              expiresAt: invitation.expiresAt.toISOString(),
            },
            201,
          );
        },
      )
      .delete(
        "/current/invitations/:id",
        requireMember("members"),
        validate("param", idParam),
        async (c) => {
          const { id } = c.req.valid("param");
          if (!(await revokeInvitation(deps.db, c.var.workspace.id, id, now()))) {
            throw new AppError("not_found", "Invitation not found.");
          }
          await recordAudit(deps, c.var, "member.invitation_revoked", { target: id });
          return c.body(null, 204);
        },
      )
      .patch(
        "/current/members/:userId",
        requireMember("members"),
        validate("param", userParam),
        validate("json", changeRoleSchema),
        async (c) => {
          const { userId } = c.req.valid("param");
          const { role } = c.req.valid("json");
          const target = await findMembership(deps.db, c.var.workspace.id, userId);
          if (!target) throw new AppError("not_found", "Member not found.");
          const email = await memberEmail(c.var.workspace.id, userId);
          if (target.role === "owner") {
            throw new AppError(
              "forbidden",
              "The owner's role changes only by handing the workspace over.",
            );
          }
          if (userId === c.var.user.id) {
            throw new AppError("forbidden", "Ask another admin or the owner to change your role.");
          }
          await setMemberRole(deps.db, c.var.workspace.id, userId, role);
          await recordAudit(deps, c.var, "member.role_changed", {
            target: email,
            details: { from: target.role, to: role },
          });
          return c.json({ userId, role });
        },
      )
      .delete(
        "/current/members/:userId",
        requireMember("members"),
        validate("param", userParam),
        async (c) => {
          const { userId } = c.req.valid("param");
          const target = await findMembership(deps.db, c.var.workspace.id, userId);
          if (!target) throw new AppError("not_found", "Member not found.");
          if (target.role === "owner") {
            throw new AppError(
              "forbidden",
              "The owner cannot be removed. Hand the workspace over first.",
            );
          }
          const email = await memberEmail(c.var.workspace.id, userId);
          await removeMember(deps.db, c.var.workspace.id, userId);
          await recordAudit(deps, c.var, "member.removed", {
            target: email,
            details: { role: target.role },
          });
          return c.body(null, 204);
        },
      )
      .post("/current/leave", requireUser, async (c) => {
        const workspace = await c.var.getWorkspace(c.var.user);
        if (workspace.role === "owner") {
          throw new AppError(
            "forbidden",
            "You own this workspace: hand it over to another member before you leave.",
          );
        }
        await removeMember(deps.db, workspace.id, c.var.user.id);
        await recordAudit(deps, { workspaceId: workspace.id }, "member.left", {
          target: c.var.user.email,
          details: { role: workspace.role },
        });
        return c.body(null, 204);
      })
      .post(
        "/current/transfer",
        requireMember("owner"),
        validate("json", transferOwnershipSchema),
        async (c) => {
          const { userId } = c.req.valid("json");
          if (userId === c.var.user.id) throw new AppError("bad_request", "You own it already.");
          const target = await findMembership(deps.db, c.var.workspace.id, userId);
          if (!target) throw new AppError("not_found", "Member not found.");
          if (target.role === "client") {
            throw new AppError(
              "bad_request",
              "A client cannot own the workspace. Change their role first.",
            );
          }
          await transferOwnership(deps.db, {
            workspaceId: c.var.workspace.id,
            fromUserId: c.var.user.id,
            toUserId: userId,
          });
          await recordAudit(deps, c.var, "workspace.ownership_transferred", {
            target: await memberEmail(c.var.workspace.id, userId),
          });
          return c.json({ owner: userId });
        },
      )
      .get("/current/audit", requireMember("audit"), validate("query", auditQuery), async (c) => {
        const query = c.req.valid("query");
        const csv = query.format === "csv";
        const rows = await listAuditEvents(deps.db, {
          workspaceId: c.var.workspace.id,
          ...(query.before === undefined ? {} : { beforeId: query.before }),
          ...(query.action ? { action: query.action } : {}),
          limit: csv ? 10_000 : 50,
        });
        if (csv) {
          await recordAudit(deps, c.var, "analytics.exported", { target: "audit log" });
          const lines = [
            "created_at,actor,action,account_id,target,details",
            ...rows.map((row) =>
              [
                row.createdAt.toISOString(),
                row.actorEmail,
                row.action,
                row.accountId,
                row.target,
                JSON.stringify(row.details),
              ]
                .map(csvCell)
                .join(","),
            ),
          ];
          return c.body(`${lines.join("\r\n")}\r\n`, 200, {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="sightline-audit-log.csv"`,
          });
        }
        return c.json({
          events: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
          nextBefore: rows.length === 50 ? rows[rows.length - 1]!.id : null,
        });
      })
  );
}

/**
 * /api/invitations: what an invitation link offers, and accepting it. The signed-in user's
 * e-mail must be the invited one; the link works once and for 7 days.
 */
export function invitationRoutes(deps: Omit<WorkspaceRoutesDeps, "storage">) {
  async function usable(token: string) {
    const invitation = await findInvitationByTokenHash(deps.db, sha256Hex(token));
    const at = new Date(deps.now());
    if (
      !invitation ||
      invitation.revokedAt ||
      invitation.acceptedAt ||
      invitation.expiresAt <= at
    ) {
      throw new AppError(
        "not_found",
        "This invitation is not valid any more (it was used, revoked or expired). Ask for a new one.",
      );
    }
    return invitation;
  }
  return new Hono<AppEnv>()
    .post("/preview", requireUser, validate("json", acceptInvitationSchema), async (c) => {
      const invitation = await usable(c.req.valid("json").token);
      return c.json({
        workspace: invitation.workspaceName,
        role: invitation.role,
        email: invitation.email,
        matches: invitation.email === c.var.user.email.toLowerCase(),
      });
    })
    .post("/accept", requireUser, validate("json", acceptInvitationSchema), async (c) => {
      const invitation = await usable(c.req.valid("json").token);
      if (invitation.email !== c.var.user.email.toLowerCase()) {
        throw new AppError(
          "forbidden",
          `This invitation is for ${invitation.email}. Sign in with that address to accept it.`,
        );
      }
      const at = new Date(deps.now());
      if (!(await markInvitationAccepted(deps.db, invitation.id, at))) {
        throw new AppError(
          "not_found",
          "This invitation is not valid any more (it was used, revoked or expired). Ask for a new one.",
        );
      }
      const joined = await addMember(deps.db, {
        workspaceId: invitation.workspaceId,
        userId: c.var.user.id,
        role: invitation.role,
        invitedBy: invitation.invitedBy,
      });
      await markWorkspaceOpened(deps.db, invitation.workspaceId, c.var.user.id, at);
      if (joined) {
        await recordAudit(deps, { workspaceId: invitation.workspaceId }, "member.joined", {
          target: c.var.user.email,
          details: { role: invitation.role },
        });
      }
      return c.json({
        id: invitation.workspaceId,
        name: invitation.workspaceName,
        role: invitation.role,
        members: await countMembers(deps.db, invitation.workspaceId),
      });
    });
}
