import {
  accountIdPattern,
  connectCallbackSchema,
  connectStartSchema,
  disconnectSchema,
  pausedByPlanReason,
  planCapabilities,
} from "@sightline/contracts";
import { keepInstagramConnection, listInstagramConnections } from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember, selectedConnection } from "../../middleware/session.ts";
import { userLimit } from "../../platform/limits/user-limits.ts";
import { recordAudit } from "../workspaces/index.ts";
import {
  announceConnection,
  completeConnect,
  connectionView,
  disconnect,
  startConnect,
} from "./connection-service.ts";
import type { InstagramContext } from "./context.ts";
import { syncAccountJob } from "./jobs/sync-account.job.ts";
import { pausedAccounts } from "./plan-pause.ts";
import { backfillProgress } from "./sync/insights.ts";

/**
 * /api/instagram: the workspace's accounts, the selected account's connection (spec section 7:
 * one row or none, read as the account the member has open), connect, sync, disconnect.
 */
export function connectionRoutes(ctx: InstagramContext) {
  return new Hono<AppEnv>()
    .get("/connections", requireMember("read"), async (c) => {
      const rows = await listInstagramConnections(ctx.db, c.var.workspace.id);
      const plan = c.var.workspace.plan;
      const paused = pausedAccounts(plan, rows);
      return c.json({
        connections: rows.map((row) => ({
          ...connectionView(row, ctx),
          paused_reason: paused.has(row.instagramId) ? pausedByPlanReason(plan, "accounts") : null,
        })),
        limit: planCapabilities[c.var.workspace.plan].accounts,
        plan: c.var.workspace.plan,
      });
    })
    .post(
      "/connections/:instagramId/keep",
      requireMember("connections"),
      userLimit(ctx, "keepActive"),
      validate(
        "param",
        z.object({ instagramId: z.string().regex(accountIdPattern, "Not an account id.") }),
      ),
      async (c) => {
        // On a plan that connects fewer accounts than the workspace has: this one stays active
        // (synced, published to) and the one that was last in line pauses (issue 30 point 6).
        const { instagramId } = c.req.valid("param");
        if (
          !(await keepInstagramConnection(
            ctx.db,
            c.var.workspace.id,
            instagramId,
            new Date(ctx.now()),
          ))
        ) {
          throw new AppError("not_found", "This account is not connected to this workspace.");
        }
        await recordAudit({ db: ctx.db, logger: c.var.logger }, c.var, "instagram.kept_active", {
          accountId: instagramId,
        });
        await announceConnection(ctx, c.var.workspace.id);
        // It may have missed syncs while paused: one now.
        await ctx.queue.send(syncAccountJob, {
          workspaceId: c.var.workspace.id,
          accountId: instagramId,
          reason: "resume",
        });
        return c.json({ kept: true });
      },
    )
    .get("/connection", requireMember("read"), async (c) => {
      const row = await selectedConnection(ctx.db, c.var.workspace);
      // The request knows its plan: only the workspace's accounts are read to place this one.
      const paused =
        row &&
        pausedAccounts(
          c.var.workspace.plan,
          await listInstagramConnections(ctx.db, c.var.workspace.id),
        ).has(row.instagramId);
      return c.json({
        connection: row
          ? {
              ...connectionView(row, ctx),
              sync_progress: await backfillProgress(ctx.db, row, new Date(ctx.now())),
              paused_reason: paused ? pausedByPlanReason(c.var.workspace.plan, "accounts") : null,
            }
          : null,
      });
    })
    .post(
      "/connect",
      requireMember("connections"),
      userLimit(ctx, "connect"),
      validate("json", connectStartSchema),
      async (c) => {
        const { login, switch: switchLogin } = c.req.valid("json");
        return c.json(
          await startConnect(ctx, {
            userId: c.var.user.id,
            workspaceId: c.var.workspace.id,
            sessionId: c.var.user.sessionId,
            login,
            switchLogin: switchLogin ?? false,
            accountId: c.var.workspace.accountId,
          }),
        );
      },
    )
    .post(
      "/connect/callback",
      requireMember("connections"),
      validate("json", connectCallbackSchema),
      async (c) => {
        const input = c.req.valid("json");
        const connection = await completeConnect(ctx, {
          userId: c.var.user.id,
          workspaceId: c.var.workspace.id,
          sessionId: c.var.user.sessionId,
          login: input.login,
          state: input.state,
          code: input.code,
          error: input.error,
          errorReason: input.error_reason,
        });
        await ctx.queue.send(syncAccountJob, {
          workspaceId: c.var.workspace.id,
          accountId: connection.instagram_id,
          reason: "connected",
        });
        await recordAudit({ db: ctx.db, logger: c.var.logger }, c.var, "instagram.connected", {
          accountId: connection.instagram_id,
          target: `@${connection.instagram_username}`,
        });
        return c.json({ connection });
      },
    )
    .post("/sync", requireMember("read"), userLimit(ctx, "syncNow"), async (c) => {
      const row = await selectedConnection(ctx.db, c.var.workspace);
      if (row?.status !== "active") {
        return c.json({ queued: false });
      }
      await ctx.queue.send(syncAccountJob, {
        workspaceId: c.var.workspace.id,
        accountId: row.instagramId,
        reason: "manual",
      });
      return c.json({ queued: true }, 202);
    })
    .delete(
      "/connection",
      requireMember("connections"),
      validate("json", disconnectSchema),
      async (c) => {
        const row = await selectedConnection(ctx.db, c.var.workspace);
        if (!row) return c.json({ deleted: {} });
        const deleted = await disconnect(ctx, row, c.req.valid("json"));
        await recordAudit({ db: ctx.db, logger: c.var.logger }, c.var, "instagram.disconnected", {
          accountId: row.instagramId,
          target: `@${row.instagramUsername}`,
          details: { deleted },
        });
        return c.json({ deleted });
      },
    );
}
