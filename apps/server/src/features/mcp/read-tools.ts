import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { InstagramConnectionRow } from "@sightline/db";
import { z } from "zod";
import { dateOf } from "../../platform/clock.ts";
import {
  listTokenAccounts,
  readAccountConversations,
  readAccountKpis,
  readAccountPosts,
} from "../public-api/index.ts";
import { periodPresets, resolveToolPeriod } from "./periods.ts";
import { type PostTypeName, postTypeNames, summarizePosts } from "./post-summary.ts";
import {
  accountArg,
  accountFor,
  runTool,
  type ToolContext,
  textResult,
  timeZoneArg,
  zoneFor,
} from "./tool-kit.ts";

/** How many posts a list_posts call reads at most for its summary (the REST API's pages). */
const MAX_SUMMARY_POSTS = 2000;
const PAGE = 100;

const periodArgs = {
  preset: z
    .enum(periodPresets)
    .optional()
    .describe(
      "A named period: last_7_days, last_28_days, last_90_days (each ending yesterday, as the dashboard's presets do), this_month (the 1st to today), last_month. Default, when neither a preset nor since/until is given: last_28_days.",
    ),
  since: z
    .string()
    .max(10)
    .optional()
    .describe(
      "First day of a custom period, YYYY-MM-DD (inclusive). Needs until; not with preset.",
    ),
  until: z
    .string()
    .max(10)
    .optional()
    .describe("Last day of a custom period, YYYY-MM-DD (inclusive). Needs since; not with preset."),
  timeZone: timeZoneArg,
};

/** Every post of a period (and type), read page by page through the REST API's own read. */
async function allPosts(
  ctx: ToolContext,
  connection: InstagramConnectionRow,
  query: { type?: PostTypeName | undefined; since: string; until: string; timezone: string },
) {
  const posts: Awaited<ReturnType<typeof readAccountPosts>>["data"] = [];
  let cursor: string | undefined;
  do {
    const page = await readAccountPosts(ctx.deps, ctx.token, connection, {
      limit: PAGE,
      ...(cursor ? { cursor } : {}),
      ...(query.type ? { type: postTypeNames[query.type] } : {}),
      since: query.since,
      until: query.until,
      timezone: query.timezone,
    });
    posts.push(...page.data);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && posts.length < MAX_SUMMARY_POSTS);
  return { posts, truncated: cursor !== undefined };
}

export function registerReadTools(server: McpServer, ctx: ToolContext) {
  server.registerTool(
    "list_accounts",
    {
      title: "List Instagram accounts",
      description:
        "The Instagram accounts connected to the token's Sightline workspace: id, @username, followers, status, last sync. Needs any read scope.",
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      runTool(ctx, "list_accounts", ["analytics:read", "posts:read", "inbox:read"], async () =>
        textResult({ accounts: await listTokenAccounts(ctx.deps.db, ctx.token) }),
      ),
  );

  server.registerTool(
    "get_kpis",
    {
      title: "Account KPIs for a period",
      description:
        "The dashboard's KPIs for one account and period: followers and their change, reach, accounts engaged, views, interactions, profile visits, website taps and engagement rate, each with the previous period of the same length and the change in percent. The same figures as GET /api/v1/accounts/{id}/analytics/kpis. Each KPI says how it is counted (basis: sum of days, Instagram's figure for the period, or a daily average) and why a value is missing. Needs analytics:read.",
      inputSchema: { account: accountArg, ...periodArgs },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      runTool(ctx, "get_kpis", ["analytics:read"], async () => {
        const connection = await accountFor(ctx, args.account);
        const zone = await zoneFor(ctx, args.timeZone);
        const period = resolveToolPeriod(args, dateOf(ctx.deps.now), zone);
        const kpis = await readAccountKpis(ctx.deps, ctx.token, connection, period);
        return textResult({ username: connection.instagramUsername, ...kpis });
      }),
  );

  server.registerTool(
    "list_posts",
    {
      title: "Posts and how they did",
      description:
        'Published posts of one account in a period, optionally of one type (reels, carousels, images, videos, stories), with each post\'s reach, views, likes, comments, saves, shares and engagement rate, and a summary per type over every matching post: count, total and median reach, total and median views, median and average engagement rate. Answers questions like "how did my reels do this month?" (type: reels, preset: this_month). The posts are those GET /api/v1/accounts/{id}/posts lists. Needs posts:read.',
      inputSchema: {
        account: accountArg,
        type: z
          .enum(Object.keys(postTypeNames) as [PostTypeName, ...PostTypeName[]])
          .optional()
          .describe("Only posts of this type. Default: every type."),
        ...periodArgs,
        sort: z
          .enum(["newest", "reach"])
          .optional()
          .describe("Order of the listed posts: newest first (default) or highest reach first."),
        limit: z
          .number()
          .int()
          .min(0)
          .max(100)
          .optional()
          .describe(
            "How many posts to list (0–100, default 20). The summary always covers every post of the period and type.",
          ),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      runTool(ctx, "list_posts", ["posts:read"], async () => {
        const connection = await accountFor(ctx, args.account);
        const zone = await zoneFor(ctx, args.timeZone);
        const period = resolveToolPeriod(args, dateOf(ctx.deps.now), zone);
        const { posts, truncated } = await allPosts(ctx, connection, {
          type: args.type,
          ...period,
        });
        const listed =
          args.sort === "reach"
            ? [...posts].sort((a, b) => (b.metrics.reach ?? -1) - (a.metrics.reach ?? -1))
            : posts;
        return textResult({
          accountId: connection.instagramId,
          username: connection.instagramUsername,
          period: { since: period.since, until: period.until, timeZone: zone },
          type: args.type ?? "all",
          summary: summarizePosts(posts),
          ...(truncated
            ? { note: `Only the newest ${posts.length} posts of the period were read.` }
            : {}),
          posts: listed.slice(0, args.limit ?? 20),
        });
      }),
  );

  server.registerTool(
    "search_inbox",
    {
      title: "Search the inbox",
      description:
        "Conversations of one account's inbox, newest first: DM threads and posts' comment threads, each with the person, the last message's preview, whether it is unread or needs a reply, and its labels. Search by text (names, usernames, message and comment text) and filter to DMs, comments, unread or needing a reply, as the Messages page does. The same conversations as GET /api/v1/accounts/{id}/conversations. Needs inbox:read.",
      inputSchema: {
        account: accountArg,
        query: z
          .string()
          .max(100)
          .optional()
          .describe("Text to search for (at most 100 characters). Default: every conversation."),
        filter: z
          .enum(["all", "dm", "comments", "unread", "needs_reply"])
          .optional()
          .describe(
            "all (default), dm (direct messages), comments (posts' comment threads), unread, needs_reply.",
          ),
        limit: z
          .number()
          .int()
          .min(1)
          .max(50)
          .optional()
          .describe("How many conversations (1–50, default 20)."),
        cursor: z
          .string()
          .max(300)
          .optional()
          .describe("nextCursor of a previous answer, for the next page."),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      runTool(ctx, "search_inbox", ["inbox:read"], async () => {
        const connection = await accountFor(ctx, args.account);
        const page = await readAccountConversations(ctx.deps, ctx.token, connection, {
          filter: args.filter ?? "all",
          ...(args.query?.trim() ? { q: args.query.trim() } : {}),
          limit: args.limit ?? 20,
          ...(args.cursor ? { cursor: args.cursor } : {}),
        });
        return textResult({
          accountId: connection.instagramId,
          username: connection.instagramUsername,
          conversations: page.data,
          nextCursor: page.nextCursor,
        });
      }),
  );
}
