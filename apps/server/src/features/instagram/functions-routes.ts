import { userLookupSchema, userProfileGetSchema } from "@sightline/contracts";
import { isUserNotFound } from "@sightline/instagram-graph";
import { Hono } from "hono";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv, WorkspaceRef } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember, selectedConnection } from "../../middleware/session.ts";
import { connectionView, handleGraphFailure, refreshProfileRow } from "./connection-service.ts";
import { accountClientFor, type InstagramContext } from "./context.ts";

async function activeConnection(ctx: InstagramContext, workspace: WorkspaceRef) {
  const row = await selectedConnection(ctx.db, workspace);
  if (!row) throw new AppError("not_found", "Connect Instagram first.");
  if (row.status !== "active") {
    throw new AppError("conflict", "Reconnect Instagram in Settings: its access ended.");
  }
  return row;
}

/**
 * The spec's functions (§7) as authenticated routes at /api/functions/<name>, one to one.
 * instagram-media-proxy lives in media-proxy-routes.ts.
 */
export function functionRoutes(ctx: InstagramContext) {
  return new Hono<AppEnv>()
    .post("/instagram-refresh-profile", requireMember("read"), async (c) => {
      // Spec §8: a failed refresh is logged and answers null; the page keeps what it has.
      const row = await selectedConnection(ctx.db, c.var.workspace);
      if (row?.status !== "active") return c.json({ connection: null });
      const refreshed = await refreshProfileRow(ctx, row);
      if (refreshed) await ctx.events.publish(c.var.workspace.id, "instagram-connection:updated");
      return c.json({ connection: refreshed ? connectionView(refreshed, ctx) : null });
    })
    .post(
      "/instagram-user-profile-get",
      requireMember("read"),
      validate("json", userProfileGetSchema),
      async (c) => {
        const { igsid } = c.req.valid("json");
        const row = await activeConnection(ctx, c.var.workspace);
        try {
          const profile = await accountClientFor(ctx, row).getUserProfile(igsid, "profile_pic");
          return c.json({ profile_pic: profile.profile_pic ?? null });
        } catch (error) {
          await handleGraphFailure(ctx, row, error);
          c.var.logger.info({ err: error }, "user profile lookup failed");
          return c.json({ profile_pic: null });
        }
      },
    )
    .post(
      "/instagram-user-lookup",
      requireMember("publish"),
      validate("json", userLookupSchema),
      async (c) => {
        const { username } = c.req.valid("json");
        const row = await activeConnection(ctx, c.var.workspace);
        try {
          const found = await accountClientFor(ctx, row).businessDiscovery(username, {
            mediaLimit: 1,
          });
          return c.json({
            success: true,
            found: true,
            user: {
              username: found.username ?? username,
              name: found.name ?? null,
              profile_picture_url: found.profile_picture_url ?? null,
            },
          });
        } catch (error) {
          if (isUserNotFound(error)) return c.json({ success: true, found: false, user: null });
          await handleGraphFailure(ctx, row, error);
          c.var.logger.info({ err: error }, "user lookup failed");
          return c.json({ success: false, found: false, user: null });
        }
      },
    );
}
