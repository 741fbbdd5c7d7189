import { analyticsPostType, analyticsPostTypeLabels, planRequiredFor } from "@sightline/contracts";
import { listPostsWithLatestMetrics } from "@sightline/db";
import { tool } from "ai";
import { z } from "zod";
import type { AiModel, AiToolCall } from "../../platform/ai.ts";
import { answerWithTools } from "../../platform/ai.ts";
import { dateOf } from "../../platform/clock.ts";
import {
  addDays,
  buildAudience,
  buildOverview,
  dayStart,
  historyWindow,
  resolvePeriod,
} from "../analytics/index.ts";
import { can } from "../plans/index.ts";
import type { AiTeamContext } from "./context.ts";
import { allowedByValues, groundingViolations } from "./grounding.ts";
import { secretaryFacts } from "./secretary.ts";
import { round as roundTo } from "./stats.ts";
import { periodFetcher, roleInput, type TeamAccount } from "./team.ts";

/*
 * Ask Sightline (issue 31 point 6): a model answers questions about the account with read-only
 * tools over the same service functions the pages use. Every answer lists the tool calls and
 * what they answered; a figure in the answer that no tool gave is named.
 */

export const ASK_MAX_STEPS = 5;

const periodDays = z.enum(["7", "28", "90"]);

function round(value: number | null, decimals: number): number | null {
  return value === null ? null : roundTo(value, decimals);
}

/** The tools, bound to one account, its plan's history and the reader's zone. */
export function askTools(ctx: AiTeamContext, account: TeamAccount) {
  const now = dateOf(ctx.now);
  const scope = { workspaceId: account.workspace.id, accountId: account.connection.instagramId };
  const history = historyWindow(account.workspace.plan, now, account.timeZone);
  const fetchPeriod = periodFetcher(ctx, account);
  return {
    periodKpis: tool({
      description:
        "The account's KPIs over the last 7, 28 or 90 days (ending yesterday) and the same number of days before: followers, reach, accounts engaged, views, interactions, profile visits, website taps and engagement rate. Reach and accounts engaged are Instagram's own unique counts for the period.",
      inputSchema: z.object({ days: periodDays }),
      execute: async ({ days }) => {
        const overview = await buildOverview(
          ctx.db,
          scope,
          account.connection.followersCount,
          { days },
          now,
          account.timeZone,
          fetchPeriod,
          { topPosts: false, history: { from: history.from, label: history.label } },
        );
        const { followers, engagementRate, ...kpis } = overview.kpis;
        return {
          period: overview.period,
          previous: overview.previousHidden ? null : overview.previous,
          followers: { value: followers.value, net: followers.net?.value ?? null },
          kpis: Object.fromEntries(
            Object.entries(kpis).map(([name, kpi]) => [
              name,
              {
                label: kpi.label,
                value: round(kpi.value, 1),
                previous: round(kpi.previous, 1),
                changePct: round(kpi.changePct, 1),
              },
            ]),
          ),
          engagementRatePct: round(
            engagementRate.value === null ? null : engagementRate.value * 100,
            2,
          ),
        };
      },
    }),
    topPosts: tool({
      description:
        "The account's best posts over the last 7, 28 or 90 days, sorted by one metric (at most 10): type, day, caption start, reach, views, likes, comments, saves, shares, engagement rate.",
      inputSchema: z.object({
        days: periodDays,
        sort: z.enum(["reach", "views", "engagement", "likes", "comments", "saves", "shares"]),
        limit: z.number().int().min(1).max(10),
      }),
      execute: async ({ days, sort, limit }) => {
        const period = resolvePeriod({ days }, now, account.timeZone);
        const from = [period.from, history.from].sort().at(-1)!;
        const rows = await listPostsWithLatestMetrics(ctx.db, scope, {
          sort,
          order: "desc",
          postedFrom: dayStart(from, account.timeZone),
          postedBefore: dayStart(addDays(period.to, 1), account.timeZone),
          limit,
        });
        return rows.slice(0, limit).map((row) => ({
          type: analyticsPostTypeLabels[analyticsPostType(row)],
          day: row.postedAt?.toISOString().slice(0, 10) ?? null,
          caption: row.caption ? [...row.caption].slice(0, 80).join("") : null,
          reach: row.reach,
          views: row.views,
          likes: row.likes,
          comments: row.comments,
          saves: row.saves,
          shares: row.shares,
          engagementRatePct: round(row.engagement === null ? null : row.engagement * 100, 2),
        }));
      },
    }),
    audience: tool({
      description:
        "Who follows the account: follower count, growth over the last days, and (on plans with advanced analytics) top countries, cities, ages and genders.",
      inputSchema: z.object({}),
      execute: async () => {
        const audience = await buildAudience(ctx.db, scope, {
          followersCount: account.connection.followersCount,
          timeZone: account.timeZone,
          now,
          demographics: can(account.workspace, "advancedAnalytics")
            ? true
            : planRequiredFor(account.workspace.plan, "advancedAnalytics"),
        });
        return JSON.parse(
          JSON.stringify(audience, (key, value) => (key === "series" ? undefined : value)),
        );
      },
    }),
    inboxCounts: tool({
      description:
        "What waits for a reply in the inbox (DMs and comments of the last 30 days): counts per kind (complaint, purchase, question, praise, spam, other) and the oldest wait.",
      inputSchema: z.object({}),
      execute: async () => {
        const facts = await secretaryFacts(roleInput(ctx, account, now));
        return (
          facts.facts.find((fact) => fact.kind === "triage-summary")?.figures ?? { waiting: 0 }
        );
      },
    }),
  };
}

export type AskAnswer = {
  answer: string;
  model: string;
  calls: AiToolCall[];
  /** Figures, dates, handles or hashtags in the answer that no tool answered. */
  unsupported: string[];
};

export async function askSightline(
  ctx: AiTeamContext,
  ai: AiModel,
  account: TeamAccount,
  input: { question: string; history: Array<{ role: "user" | "assistant"; content: string }> },
): Promise<AskAnswer> {
  const today = dateOf(ctx.now).toISOString().slice(0, 10);
  const { text, calls } = await answerWithTools(ai, {
    instructions: [
      `You are Ask Sightline, answering questions about the Instagram account @${account.connection.instagramUsername}. Today is ${today} (UTC).`,
      "Use the tools to look figures up; never guess a number. Every number you give must come from a tool's answer, and say which period it covers.",
      "You can only read: you cannot publish, reply or change anything. Answer briefly, in plain English.",
    ].join("\n"),
    messages: [...input.history, { role: "user", content: input.question }],
    tools: askTools(ctx, account),
    maxSteps: ASK_MAX_STEPS,
  });
  const allowed = allowedByValues([
    ...calls.map((call) => call.output),
    ...calls.map((call) => call.input),
    input.question,
    account.connection.instagramUsername ? `@${account.connection.instagramUsername}` : "",
    today,
  ]);
  return {
    answer: text,
    model: ai.label,
    calls,
    unsupported: groundingViolations(text, allowed),
  };
}
