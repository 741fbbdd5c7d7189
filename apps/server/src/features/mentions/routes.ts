import { commentTextSchema, listIgMentionsQuerySchema } from "@sightline/contracts";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMemberByMethod, selectedConnection } from "../../middleware/session.ts";
import { userLimit } from "../../platform/limits/user-limits.ts";
import { recordAudit } from "../workspaces/index.ts";
import type { MentionsContext } from "./context.ts";
import { readAccountTagsJob } from "./jobs/read-tags.job.ts";
import { listMentions, replyToMention } from "./service.ts";

const idParam = z.object({ id: z.uuid({ error: "This mention does not exist." }) });

/**
 * /api/mentions (issue 34 point 2, decision 041): who mentioned or tagged the account the member
 * has open, newest first; a reply where Instagram allows one; a tags read on demand. Reading takes
 * the `read` role, writing the inbox's `inbox:write`.
 */
export function mentionsRoutes(ctx: MentionsContext) {
  return new Hono<AppEnv>()
    .use(requireMemberByMethod("inbox:write"))
    .get("/", validate("query", listIgMentionsQuerySchema), async (c) => {
      const connection = await selectedConnection(ctx.db, c.var.workspace);
      if (!connection) return c.json({ connected: false as const, items: [], nextCursor: null });
      const page = await listMentions(
        ctx,
        { workspaceId: c.var.workspace.id, accountId: connection.instagramId },
        c.req.valid("query"),
      );
      return c.json({
        connected: true as const,
        username: connection.instagramUsername,
        ...page,
      });
    })
    .post("/refresh", userLimit(ctx, "mentionsRefresh"), async (c) => {
      const connection = await selectedConnection(ctx.db, c.var.workspace);
      if (!connection) throw new AppError("not_found", "Connect Instagram first.");
      await ctx.queue.send(readAccountTagsJob, {
        workspaceId: c.var.workspace.id,
        accountId: connection.instagramId,
      });
      return c.json({ queued: true }, 202);
    })
    .post(
      "/:id/reply",
      validate("param", idParam),
      validate("json", z.object({ text: commentTextSchema }).strict()),
      async (c) => {
        const connection = await selectedConnection(ctx.db, c.var.workspace);
        if (!connection) throw new AppError("not_found", "This mention does not exist.");
        const result = await replyToMention(
          ctx,
          connection,
          c.req.valid("param").id,
          c.req.valid("json").text,
        );
        await recordAudit(ctx, c.var, "inbox.replied", {
          target: c.req.valid("param").id,
          details: { kind: "mention" },
        });
        return c.json(result, 201);
      },
    );
}
