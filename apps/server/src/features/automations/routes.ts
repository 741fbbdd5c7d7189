import {
  AUTOMATION_MAX_RULES_PER_ACCOUNT,
  type AutomationQueue,
  type AutomationRule,
  type AutomationRun,
  automationRuleInputSchema,
  automationTemplates,
  matchKeywords,
} from "@sightline/contracts";
import {
  type AutomationRuleRow,
  automationRuleCounts,
  automationsPaused,
  deleteAutomationRule,
  dmThreadsOf,
  findAutomationRule,
  insertAutomationRule,
  listAutomationRules,
  listAutomationRunLog,
  listRecentCommentsByOthers,
  sentAutomationActions,
  setAutomationsPaused,
  skipWaitingAutomationActions,
  updateAutomationRule,
  waitingAutomationActions,
} from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { type MemberEnv, requireMember, selectedConnection } from "../../middleware/session.ts";
import { dateOf } from "../../platform/clock.ts";
import { can, planRequired, requirePlan } from "../plans/index.ts";
import type { AutomationsContext } from "./context.ts";
import { allOutAt, isInstagramKind, paceOf } from "./pace.ts";

const idParam = z.object({ id: z.uuid("Not an automation id.") });
const runLogQuery = z.object({
  rule: z.uuid("Not an automation id.").optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

function toRule(
  row: AutomationRuleRow,
  counts: Awaited<ReturnType<typeof automationRuleCounts>>,
): AutomationRule {
  const count = counts.get(row.id);
  return {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    enabled: row.enabled,
    trigger: row.trigger,
    conditions: row.conditions,
    actions: row.actions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    counts: {
      triggered: count?.triggered ?? 0,
      sent: count?.sent ?? 0,
      skipped: count?.skipped ?? 0,
      failed: count?.failed ?? 0,
      repliesAfter: count?.repliesAfter ?? 0,
    },
    lastRunAt: count?.lastRunAt?.toISOString() ?? null,
  };
}

/** The rule as saved: "the next post" is the first published after this moment. */
function stored(input: z.output<typeof automationRuleInputSchema>, now: Date) {
  const trigger =
    input.trigger.posts.mode === "next" && !input.trigger.posts.after
      ? { ...input.trigger, posts: { mode: "next" as const, after: now.toISOString() } }
      : input.trigger;
  return { ...input, trigger };
}

/**
 * /api/automations (issue 32) for the selected account: the rules with their counts and the send
 * queue, create/edit/delete, pause all, the run log, and "test on recent comments". Reading is
 * for every member; changing needs `inbox:write` and the Pro plan.
 */
export function automationRoutes(ctx: AutomationsContext) {
  const account = async (c: { var: MemberEnv["Variables"] }) => {
    const connection = await selectedConnection(ctx.db, c.var.workspace);
    if (!connection) {
      throw new AppError("conflict", "Connect an Instagram account first: automations act on it.");
    }
    return { workspaceId: c.var.workspace.id, accountId: connection.instagramId };
  };
  return new Hono<AppEnv>()
    .use(requireMember("read"))
    .get("/", async (c) => {
      const connection = await selectedConnection(ctx.db, c.var.workspace);
      if (!connection) return c.json({ connected: false as const, templates: automationTemplates });
      const scope = { workspaceId: c.var.workspace.id, accountId: connection.instagramId };
      const [rows, counts, paused, waiting, sent] = await Promise.all([
        listAutomationRules(ctx.db, scope),
        automationRuleCounts(ctx.db, scope),
        automationsPaused(ctx.db, scope),
        waitingAutomationActions(ctx.db, scope),
        sentAutomationActions(ctx.db, scope.accountId, new Date(ctx.now() - 3_600_000)),
      ]);
      // All out by: each kind drains at its own hourly pace (the team's e-mails do not wait).
      let allOutBy: number | null = null;
      const toInstagram = waiting.flatMap((entry) =>
        isInstagramKind(entry.kind) ? [{ ...entry, kind: entry.kind }] : [],
      );
      for (const entry of toInstagram) {
        const end = allOutAt({
          waiting: entry.n,
          lastDueMs: entry.lastDue.getTime(),
          sentMs: sent.filter((row) => row.kind === entry.kind).map((row) => row.sentAt.getTime()),
          perHour: paceOf(entry.kind, ctx.limits).perHour,
          nowMs: ctx.now(),
        });
        allOutBy = Math.max(allOutBy ?? 0, end);
      }
      const queue: AutomationQueue = {
        paused,
        waiting: toInstagram.reduce((sum, entry) => sum + entry.n, 0),
        allOutBy: allOutBy === null ? null : new Date(allOutBy).toISOString(),
        limits: {
          privateRepliesPerHour: ctx.limits.privateRepliesPerHour,
          dmsPerHour: ctx.limits.dmsPerHour,
          publicRepliesPerHour: ctx.limits.publicRepliesPerHour,
        },
      };
      return c.json({
        connected: true as const,
        rules: rows.map((row) => toRule(row, counts)),
        queue,
        templates: automationTemplates,
      });
    })
    .get("/runs", validate("query", runLogQuery), async (c) => {
      const scope = await account(c);
      const query = c.req.valid("query");
      const runs = await listAutomationRunLog(ctx.db, scope, {
        ...(query.rule ? { ruleId: query.rule } : {}),
        ...(query.before ? { before: query.before } : {}),
        limit: query.limit,
      });
      const sentIds = runs.flatMap((run) =>
        run.actions.flatMap((action) =>
          action.kind !== "public_reply" && action.status === "sent" && action.resultId
            ? [action.resultId]
            : [],
        ),
      );
      const threads = await dmThreadsOf(ctx.db, scope, {
        messageIds: sentIds,
        personIds: [...new Set(runs.map((run) => run.personId))],
      });
      const threadOf = (run: (typeof runs)[number]) => {
        for (const action of run.actions) {
          const thread = action.resultId ? threads.get(action.resultId) : undefined;
          if (thread && action.kind !== "public_reply") return thread;
        }
        return threads.get(run.personId);
      };
      const inboxLink = (kind: "dm" | "comments", id: string) =>
        `/messages?${new URLSearchParams({ open: `${kind}:${id}` }).toString()}`;
      const names = new Map(
        (await listAutomationRules(ctx.db, scope)).map((rule) => [rule.id, rule.name] as const),
      );
      const items: AutomationRun[] = runs.map((run) => ({
        id: String(run.id),
        ruleId: run.ruleId,
        ruleName: names.get(run.ruleId) ?? "",
        trigger: run.trigger,
        sourceId: run.sourceId,
        mediaId: run.mediaId,
        person: { id: run.personId, username: run.personUsername },
        text: run.text,
        matched: run.matched,
        outcome: run.outcome,
        reason: run.reason,
        createdAt: run.createdAt.toISOString(),
        actions: run.actions.map((action) => ({
          kind: action.kind,
          status: action.status,
          reason: action.reason,
          text: action.text,
          dueAt: action.dueAt.toISOString(),
          sentAt: action.sentAt?.toISOString() ?? null,
        })),
        links: {
          comments: run.mediaId ? inboxLink("comments", run.mediaId) : null,
          dm: threadOf(run) ? inboxLink("dm", threadOf(run)!) : null,
        },
      }));
      const last = runs.at(-1);
      return c.json({ items, nextBefore: runs.length === query.limit && last ? last.id : null });
    })
    .post(
      "/test",
      requireMember("inbox:write"),
      validate("json", automationRuleInputSchema),
      async (c) => {
        const scope = await account(c);
        const rule = c.req.valid("json");
        if (rule.trigger.kind !== "comment") {
          throw new AppError(
            "bad_request",
            "Testing on recent comments is for comment automations.",
          );
        }
        const comments = await listRecentCommentsByOthers(ctx.db, scope, 50);
        const posts = rule.trigger.posts;
        return c.json({
          items: comments.map((comment) => {
            const match = matchKeywords(rule.trigger.keywords, comment.text);
            const onPost = posts.mode !== "chosen" || posts.mediaIds.includes(comment.mediaId);
            return {
              id: comment.id,
              mediaId: comment.mediaId,
              username: comment.username,
              text: comment.text,
              createdAt: comment.createdAt.toISOString(),
              matches: match.matches && onPost,
              matched: match.matched,
            };
          }),
        });
      },
    )
    .post(
      "/",
      requireMember("inbox:write"),
      requirePlan("automations"),
      validate("json", automationRuleInputSchema),
      async (c) => {
        const scope = await account(c);
        if ((await listAutomationRules(ctx.db, scope)).length >= AUTOMATION_MAX_RULES_PER_ACCOUNT) {
          throw new AppError(
            "conflict",
            `An account has at most ${AUTOMATION_MAX_RULES_PER_ACCOUNT} automations: delete one first.`,
          );
        }
        const now = dateOf(ctx.now);
        const row = await insertAutomationRule(ctx.db, {
          ...scope,
          ...stored(c.req.valid("json"), now),
          createdByUserId: c.var.user.id,
          createdAt: now,
          updatedAt: now,
        });
        return c.json(toRule(row, new Map()), 201);
      },
    )
    .put(
      "/paused",
      requireMember("inbox:write"),
      validate("json", z.object({ paused: z.boolean() })),
      async (c) => {
        const scope = await account(c);
        const { paused } = c.req.valid("json");
        await setAutomationsPaused(ctx.db, scope, paused, dateOf(ctx.now));
        if (paused) await skipWaitingAutomationActions(ctx.db, scope, "Paused before it was sent.");
        return c.json({ paused });
      },
    )
    .put(
      "/:id",
      requireMember("inbox:write"),
      requirePlan("automations"),
      validate("param", idParam),
      validate("json", automationRuleInputSchema),
      async (c) => {
        const scope = await account(c);
        const { id } = c.req.valid("param");
        const now = dateOf(ctx.now);
        const row = await updateAutomationRule(ctx.db, scope, id, {
          ...stored(c.req.valid("json"), now),
          updatedAt: now,
        });
        if (!row) throw new AppError("not_found", "This automation does not exist.");
        if (!row.enabled) {
          await skipWaitingAutomationActions(ctx.db, scope, "Paused before it was sent.", id);
        }
        return c.json(toRule(row, await automationRuleCounts(ctx.db, scope)));
      },
    )
    .patch(
      "/:id",
      requireMember("inbox:write"),
      validate("param", idParam),
      validate("json", z.object({ enabled: z.boolean() })),
      async (c) => {
        const scope = await account(c);
        const { id } = c.req.valid("param");
        const { enabled } = c.req.valid("json");
        // Switching one on needs the plan; switching off never does.
        if (!(await findAutomationRule(ctx.db, scope, id))) {
          throw new AppError("not_found", "This automation does not exist.");
        }
        if (enabled && !can(c.var.workspace, "automations")) {
          throw planRequired(c.var.workspace.plan, "automations");
        }
        const row = await updateAutomationRule(ctx.db, scope, id, {
          enabled,
          updatedAt: dateOf(ctx.now),
        });
        if (!row) throw new AppError("not_found", "This automation does not exist.");
        if (!enabled)
          await skipWaitingAutomationActions(ctx.db, scope, "Paused before it was sent.", id);
        return c.json(toRule(row, await automationRuleCounts(ctx.db, scope)));
      },
    )
    .delete("/:id", requireMember("inbox:write"), validate("param", idParam), async (c) => {
      const scope = await account(c);
      const { id } = c.req.valid("param");
      if (!(await deleteAutomationRule(ctx.db, scope, id))) {
        throw new AppError("not_found", "This automation does not exist.");
      }
      return c.body(null, 204);
    });
}
