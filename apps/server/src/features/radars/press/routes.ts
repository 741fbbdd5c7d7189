import {
  addPressSourceInputSchema,
  listMentionsQuerySchema,
  markMentionsSeenInputSchema,
  pausedByPlanReason,
  planCapabilities,
  pressKeywordInputSchema,
  updatePressSourceInputSchema,
} from "@sightline/contracts";
import {
  countPressKeywords,
  countUnseenPressMentions,
  deletePressKeyword,
  deletePressSource,
  insertPressKeyword,
  keepRadarItem,
  listPressKeywords,
  listPressSources,
  markPressMentionsSeen,
  type PressKeywordRow,
  type PressSourceRow,
  updatePressKeyword,
  updatePressSource,
} from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../../lib/app-error.ts";
import type { AppEnv } from "../../../lib/app-types.ts";
import { validate } from "../../../lib/validate.ts";
import { requireMemberByMethod } from "../../../middleware/session.ts";
import { dateOf } from "../../../platform/clock.ts";
import { userLimit } from "../../../platform/limits/user-limits.ts";
import { assertWithinPlan, pausedByPlan, planOf } from "../../plans/index.ts";
import type { RadarsContext } from "../context.ts";
import { fetchUserFeedsJob } from "./jobs/fetch-user-feeds.job.ts";
import { listMentions } from "./mentions.ts";
import { addPressSource } from "./service.ts";

const idParam = z.object({ id: z.uuid("Not found.") });

function sourceJson(source: PressSourceRow) {
  return {
    id: source.id,
    url: source.url,
    title: source.title,
    isMuted: source.isMuted,
    lastFetchedAt: source.lastFetchedAt?.toISOString() ?? null,
    lastError: source.lastError,
    createdAt: source.createdAt.toISOString(),
  };
}

function keywordJson(keyword: PressKeywordRow) {
  return { id: keyword.id, term: keyword.term, exclusions: keyword.exclusions };
}

/** Exclusions without repeats (ignoring case) and never the keyword itself. */
function cleanExclusions(term: string, exclusions: string[]): string[] {
  const seen = new Set([term.toLowerCase()]);
  return exclusions.filter((exclusion) => {
    const key = exclusion.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** /api/press-radar (issue 17): sources, keywords and the mentions they find. */
export function pressRadarRoutes(ctx: RadarsContext) {
  const { db } = ctx;
  const refetch = (workspaceId: string) =>
    ctx.queue.send(fetchUserFeedsJob, { workspaceId, force: true });
  return new Hono<AppEnv>()
    .use(requireMemberByMethod("radars:write"))
    .get("/", async (c) => {
      const workspaceId = c.var.workspace.id;
      const plan = await planOf(db, workspaceId);
      const [sources, keywords, unseen] = await Promise.all([
        listPressSources(db, workspaceId),
        listPressKeywords(db, workspaceId),
        countUnseenPressMentions(db, workspaceId),
      ]);
      const paused = pausedByPlan({ plan }, "pressKeywords", keywords);
      return c.json({
        plan,
        keywordLimit: planCapabilities[plan].pressKeywords,
        sources: sources.map(sourceJson),
        keywords: keywords.map((keyword) => ({
          ...keywordJson(keyword),
          // Over the plan's keywords after a downgrade (issue 30 point 6): kept, not matched.
          pausedReason: paused.has(keyword.id) ? pausedByPlanReason(plan, "pressKeywords") : null,
        })),
        unseenCount: unseen,
        samples: ctx.feeds.samples.filter(
          (sample) => !sources.some((source) => source.url === sample.url),
        ),
      });
    })
    .post("/sources", validate("json", addPressSourceInputSchema), async (c) => {
      const { source, newMentions } = await addPressSource(
        ctx,
        c.var.workspace.id,
        c.req.valid("json").url,
      );
      return c.json({ source: sourceJson(source), newMentions }, 201);
    })
    .patch(
      "/sources/:id",
      validate("param", idParam),
      validate("json", updatePressSourceInputSchema),
      async (c) => {
        const workspaceId = c.var.workspace.id;
        const { isMuted } = c.req.valid("json");
        const source = await updatePressSource(db, workspaceId, c.req.valid("param").id, {
          isMuted,
        });
        if (!source) throw new AppError("not_found", "This source does not exist.");
        await ctx.events.publish(workspaceId, "press-radar:updated", {});
        if (!isMuted) await refetch(workspaceId);
        return c.json({ source: sourceJson(source) });
      },
    )
    .delete("/sources/:id", validate("param", idParam), async (c) => {
      const workspaceId = c.var.workspace.id;
      if (!(await deletePressSource(db, workspaceId, c.req.valid("param").id))) {
        throw new AppError("not_found", "This source does not exist.");
      }
      await ctx.events.publish(workspaceId, "press-radar:updated", {});
      return c.body(null, 204);
    })
    .post("/fetch", userLimit(ctx, "fetchNow"), async (c) => {
      const workspaceId = c.var.workspace.id;
      const sources = await listPressSources(db, workspaceId);
      if (!sources.some((source) => !source.isMuted)) {
        throw new AppError("bad_request", "Add a source (or unmute one) first.");
      }
      await refetch(workspaceId);
      return c.json({ queued: true }, 202);
    })
    .post("/keywords", validate("json", pressKeywordInputSchema), async (c) => {
      const workspaceId = c.var.workspace.id;
      const { term, exclusions } = c.req.valid("json");
      await assertWithinPlan(
        db,
        workspaceId,
        "pressKeywords",
        await countPressKeywords(db, workspaceId),
      );
      const keyword = await insertPressKeyword(db, {
        workspaceId,
        term,
        exclusions: cleanExclusions(term, exclusions),
      });
      if (!keyword) throw new AppError("conflict", `You already watch "${term}".`);
      // Items already in the feeds may mention the new keyword: read them all again.
      await refetch(workspaceId);
      return c.json({ keyword: keywordJson(keyword) }, 201);
    })
    .patch(
      "/keywords/:id",
      validate("param", idParam),
      validate("json", pressKeywordInputSchema),
      async (c) => {
        const workspaceId = c.var.workspace.id;
        const { term, exclusions } = c.req.valid("json");
        const others = await listPressKeywords(db, workspaceId);
        if (
          others.some(
            (other) =>
              other.id !== c.req.valid("param").id &&
              other.term.toLowerCase() === term.toLowerCase(),
          )
        ) {
          throw new AppError("conflict", `You already watch "${term}".`);
        }
        const keyword = await updatePressKeyword(db, workspaceId, c.req.valid("param").id, {
          term,
          exclusions: cleanExclusions(term, exclusions),
        });
        if (!keyword) throw new AppError("not_found", "This keyword does not exist.");
        await refetch(workspaceId);
        return c.json({ keyword: keywordJson(keyword) });
      },
    )
    .post(
      "/keywords/:id/keep",
      userLimit(ctx, "keepActive"),
      validate("param", idParam),
      async (c) => {
        // A smaller plan matches fewer keywords than are watched: this one stays matched and the
        // last in line pauses (issue 30 point 6).
        const workspaceId = c.var.workspace.id;
        if (
          !(await keepRadarItem(
            db,
            "keyword",
            workspaceId,
            c.req.valid("param").id,
            dateOf(ctx.now),
          ))
        ) {
          throw new AppError("not_found", "This keyword does not exist.");
        }
        await refetch(workspaceId);
        await ctx.events.publish(workspaceId, "press-radar:updated", {});
        return c.json({ kept: true });
      },
    )
    .delete("/keywords/:id", validate("param", idParam), async (c) => {
      if (!(await deletePressKeyword(db, c.var.workspace.id, c.req.valid("param").id))) {
        throw new AppError("not_found", "This keyword does not exist.");
      }
      return c.body(null, 204);
    })
    .get("/mentions", validate("query", listMentionsQuerySchema), async (c) =>
      c.json(await listMentions(db, c.var.workspace.id, c.req.valid("query"))),
    )
    .get("/mentions/unseen-count", async (c) =>
      c.json({ count: await countUnseenPressMentions(db, c.var.workspace.id) }),
    )
    .post("/mentions/seen", validate("json", markMentionsSeenInputSchema), async (c) => {
      const workspaceId = c.var.workspace.id;
      const marked = await markPressMentionsSeen(db, {
        workspaceId,
        ids: c.req.valid("json").ids,
        at: dateOf(ctx.now),
      });
      // Other tabs clear their dot at once.
      if (marked > 0)
        await ctx.events.publish(workspaceId, "press-radar:updated", { seen: marked });
      return c.json({ marked });
    });
}
