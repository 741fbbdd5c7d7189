import { randomBytes } from "node:crypto";
import {
  acceptInvitationSchema,
  connectCallbackSchema,
  connectLinkStartSchema,
  createConnectLinkSchema,
} from "@sightline/contracts";
import { listConnectLinks, revokeConnectLink } from "@sightline/db";
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember } from "../../middleware/session.ts";
import { recordAudit } from "../workspaces/index.ts";
import {
  CONNECT_LINK_COOKIE,
  completeLinkConnect,
  connectLinkView,
  createConnectLink,
  previewConnectLink,
  startLinkConnect,
  usedLinkListedSince,
} from "./connect-link-service.ts";
import type { InstagramContext } from "./context.ts";
import { syncAccountJob } from "./jobs/sync-account.job.ts";

const idParam = z.object({ id: z.string().uuid("Connect link not found.") });

/** /api/instagram/connect-links: the workspace's connect links, for members who manage connections. */
export function connectLinkRoutes(ctx: InstagramContext) {
  return new Hono<AppEnv>()
    .get("/", requireMember("connections"), async (c) => {
      const rows = await listConnectLinks(ctx.db, c.var.workspace.id, {
        now: new Date(ctx.now()),
        usedSince: usedLinkListedSince(ctx.now()),
      });
      return c.json({ links: rows.map(connectLinkView) });
    })
    .post(
      "/",
      requireMember("connections"),
      validate("json", createConnectLinkSchema),
      async (c) => {
        const input = c.req.valid("json");
        const created = await createConnectLink(ctx, {
          workspaceId: c.var.workspace.id,
          workspaceName: c.var.workspace.name,
          user: c.var.user,
          label: input.label,
          email: input.email,
        });
        await recordAudit(
          { db: ctx.db, logger: c.var.logger },
          c.var,
          "instagram.connect_link_created",
          {
            target: input.email ?? input.label ?? created.link.id,
          },
        );
        return c.json(created, 201);
      },
    )
    .delete("/:id", requireMember("connections"), validate("param", idParam), async (c) => {
      const { id } = c.req.valid("param");
      if (!(await revokeConnectLink(ctx.db, c.var.workspace.id, id, new Date(ctx.now())))) {
        throw new AppError("not_found", "Connect link not found.");
      }
      await recordAudit(
        { db: ctx.db, logger: c.var.logger },
        c.var,
        "instagram.connect_link_revoked",
        {
          target: id,
        },
      );
      return c.json({ revoked: true });
    });
}

/**
 * /api/connect-links: what the link's visitor uses, signed in or not. The token travels in the
 * body (never in a path a log could keep); the round trip is bound to this browser's cookie.
 */
export function publicConnectLinkRoutes(ctx: InstagramContext) {
  const secure = new URL(ctx.publicUrl).protocol === "https:";
  return new Hono<AppEnv>()
    .post("/preview", validate("json", acceptInvitationSchema), async (c) =>
      c.json(await previewConnectLink(ctx, c.req.valid("json").token)),
    )
    .post("/start", validate("json", connectLinkStartSchema), async (c) => {
      const { token, login } = c.req.valid("json");
      const cookie = randomBytes(32).toString("base64url");
      const started = await startLinkConnect(ctx, { token, login, cookie });
      setCookie(c, CONNECT_LINK_COOKIE, cookie, {
        httpOnly: true,
        sameSite: "Lax",
        secure,
        path: "/",
        maxAge: 10 * 60,
      });
      return c.json(started);
    })
    .post("/callback", validate("json", connectCallbackSchema), async (c) => {
      const input = c.req.valid("json");
      const { connection, link, workspaceName } = await completeLinkConnect(ctx, {
        login: input.login,
        state: input.state,
        code: input.code,
        error: input.error,
        errorReason: input.error_reason,
        cookie: getCookie(c, CONNECT_LINK_COOKIE),
      });
      deleteCookie(c, CONNECT_LINK_COOKIE, { path: "/", secure });
      await ctx.queue.send(syncAccountJob, {
        workspaceId: link.workspaceId,
        accountId: connection.instagram_id,
        reason: "connected",
      });
      await recordAudit(
        { db: ctx.db, logger: c.var.logger },
        { workspaceId: link.workspaceId },
        "instagram.connected",
        {
          accountId: connection.instagram_id,
          target: `@${connection.instagram_username}`,
          details: { through: "connect link", link_id: link.id },
        },
      );
      // The visitor learns the account and the workspace's name, nothing of the workspace itself.
      return c.json({
        connected: { username: connection.instagram_username, workspace_name: workspaceName },
      });
    });
}
