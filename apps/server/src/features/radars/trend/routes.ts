import { trackHashtagInputSchema } from "@sightline/contracts";
import { deleteTrendHashtag, keepRadarItem, listTrendHashtags } from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../../lib/app-error.ts";
import type { AppEnv } from "../../../lib/app-types.ts";
import { validate } from "../../../lib/validate.ts";
import { requireMemberByMethod } from "../../../middleware/session.ts";
import { dateOf } from "../../../platform/clock.ts";
import { userLimit } from "../../../platform/limits/user-limits.ts";
import type { RadarsContext } from "../context.ts";
import { sampleUserHashtagsJob } from "./jobs/sample-user-hashtags.job.ts";
import { trackHashtag, trendRadarOverview, trendSuggestions } from "./service.ts";

const idParam = z.object({ id: z.uuid("Not found.") });

/** /api/trend-radar (issue 17): tracked hashtags, the look-up budget and suggestions. */
export function trendRadarRoutes(ctx: RadarsContext) {
  return new Hono<AppEnv>()
    .use(requireMemberByMethod("radars:write"))
    .get("/", async (c) => c.json(await trendRadarOverview(ctx, c.var.workspace)))
    .get("/suggestions", async (c) => c.json(await trendSuggestions(ctx, c.var.workspace)))
    .post("/hashtags", validate("json", trackHashtagInputSchema), async (c) => {
      const workspaceId = c.var.workspace.id;
      const hashtag = await trackHashtag(ctx, c.var.workspace, c.req.valid("json").name);
      await ctx.queue.send(sampleUserHashtagsJob, { workspaceId });
      return c.json({ hashtag: { id: hashtag.id, name: hashtag.name } }, 201);
    })
    .delete("/hashtags/:id", validate("param", idParam), async (c) => {
      const workspaceId = c.var.workspace.id;
      if (!(await deleteTrendHashtag(ctx.db, workspaceId, c.req.valid("param").id))) {
        throw new AppError("not_found", "This hashtag is not tracked.");
      }
      await ctx.events.publish(workspaceId, "trend-radar:updated", {});
      return c.body(null, 204);
    })
    .post(
      "/hashtags/:id/keep",
      userLimit(ctx, "keepActive"),
      validate("param", idParam),
      async (c) => {
        // A smaller plan samples fewer hashtags than are tracked: this one stays sampled and the
        // last in line pauses (issue 30 point 6).
        const workspaceId = c.var.workspace.id;
        const id = c.req.valid("param").id;
        if (!(await keepRadarItem(ctx.db, "hashtag", workspaceId, id, dateOf(ctx.now)))) {
          throw new AppError("not_found", "This hashtag is not tracked.");
        }
        await ctx.queue.send(sampleUserHashtagsJob, { workspaceId });
        await ctx.events.publish(workspaceId, "trend-radar:updated", {});
        return c.json({ kept: true });
      },
    )
    .post("/refresh", userLimit(ctx, "fetchNow"), async (c) => {
      const workspaceId = c.var.workspace.id;
      if ((await listTrendHashtags(ctx.db, workspaceId)).length === 0) {
        throw new AppError("bad_request", "Track a hashtag first.");
      }
      await ctx.queue.send(sampleUserHashtagsJob, { workspaceId });
      return c.json({ queued: true }, 202);
    });
}
