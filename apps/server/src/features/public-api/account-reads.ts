import {
  type AnalyticsPostType,
  isTimeZone,
  type PublicApiConversationsQuery,
  type PublicApiKpisQuery,
} from "@sightline/contracts";
import { type Db, type InstagramConnectionRow, listInstagramConnections } from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";
import { type Clock, dateOf } from "../../platform/clock.ts";
import {
  buildOverview,
  clampToHistory,
  historyWindow,
  listPosts,
  periodInHistory,
} from "../analytics/index.ts";
import { type InboxDeps, listConversations } from "../inbox/index.ts";
import { fetchPeriodInsights, type InstagramContext, pausedAccounts } from "../instagram/index.ts";
import type { ApiToken } from "./authenticate.ts";
import { scopeOf } from "./v1-account.ts";

/*
 * What /api/v1's reads answer, apart from HTTP: the REST routes and the MCP server's tools both
 * call these, so a script and an assistant get the same figures (issue 35, decisions 033, 036).
 */

export type AccountReadDeps = { db: Db; now: Clock; instagram: InstagramContext };

/** GET /api/v1/accounts: the token's workspace's accounts. */
export async function listTokenAccounts(db: Db, token: ApiToken) {
  const rows = await listInstagramConnections(db, token.workspaceId);
  const paused = pausedAccounts(token.plan, rows);
  return rows.map((row) => ({
    id: row.instagramId,
    username: row.instagramUsername,
    name: row.name,
    accountType: row.accountType,
    followersCount: row.followersCount,
    mediaCount: row.mediaCount,
    status: row.status,
    pausedByPlan: paused.has(row.instagramId),
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
  }));
}

/**
 * GET /api/v1/accounts/:accountId/analytics/kpis: the dashboard's query and the dashboard's
 * service (`buildOverview`), on `timezone`'s calendar (UTC unless given), inside the plan's
 * history window.
 */
export async function readAccountKpis(
  deps: AccountReadDeps,
  token: ApiToken,
  connection: InstagramConnectionRow,
  asked: PublicApiKpisQuery,
) {
  const zone = asked.timezone ?? "UTC";
  if (!isTimeZone(zone)) throw new AppError("bad_request", `"${zone}" is not a time zone.`);
  const query = {
    ...(asked.since !== undefined ? { from: asked.since, to: asked.until } : {}),
    timezone: zone,
  };
  const now = dateOf(deps.now);
  const history = periodInHistory(token.plan, query, now, zone);
  const overview = await buildOverview(
    deps.db,
    scopeOf(connection),
    connection.followersCount,
    query,
    now,
    zone,
    (period) => fetchPeriodInsights(deps.instagram, connection, period),
    { history: { from: history.from, label: history.label }, topPosts: false },
  );
  const { followers, engagementRate, ...kpis } = overview.kpis;
  return {
    accountId: connection.instagramId,
    period: overview.period,
    previousPeriod: overview.previous,
    timeZone: overview.timeZone,
    followers: {
      value: followers.value,
      change: followers.change,
      net: followers.net,
    },
    kpis: Object.fromEntries(
      Object.entries(kpis).map(([name, kpi]) => [
        name,
        {
          label: kpi.label,
          basis: kpi.basis,
          value: kpi.value,
          previous: kpi.previous,
          changePct: kpi.changePct,
          storedDays: kpi.storedDays,
          asOf: kpi.asOf,
          note: kpi.note ?? null,
          reason: kpi.reason ?? null,
        },
      ]),
    ),
    engagementRate: {
      label: engagementRate.label,
      basis: engagementRate.basis,
      value: engagementRate.value,
      previous: engagementRate.previous,
      changePct: engagementRate.changePct,
      formula: engagementRate.formula,
    },
  };
}

export type AccountKpis = Awaited<ReturnType<typeof readAccountKpis>>;

export type AccountPostsQuery = {
  limit: number;
  cursor?: string | undefined;
  /** Only posts of this type (Post Performance's filter). */
  type?: AnalyticsPostType | undefined;
  /** First and last day posted (inclusive) on `timezone`'s calendar. */
  since?: string | undefined;
  until?: string | undefined;
  /** The calendar the days are on; UTC unless given. */
  timezone?: string | undefined;
  sort?: "posted_at" | "reach" | undefined;
};

/**
 * GET /api/v1/accounts/:accountId/posts: Post Performance's keyset list (analytics'
 * `listPosts`), newest first unless sorted by reach, never older than the plan's history window.
 */
export async function readAccountPosts(
  deps: Pick<AccountReadDeps, "db" | "now">,
  token: ApiToken,
  connection: InstagramConnectionRow,
  query: AccountPostsQuery,
) {
  const zone = query.timezone ?? "UTC";
  if (!isTimeZone(zone)) throw new AppError("bad_request", `"${zone}" is not a time zone.`);
  const history = historyWindow(token.plan, dateOf(deps.now), zone);
  const page = await listPosts(
    deps.db,
    scopeOf(connection),
    {
      sort: query.sort ?? "posted_at",
      order: "desc",
      limit: query.limit,
      ...(query.cursor ? { cursor: query.cursor } : {}),
      ...(query.type ? { type: query.type } : {}),
      from: clampToHistory(history, query.since),
      ...(query.until ? { to: query.until } : {}),
    },
    zone,
    { fullCaptions: true },
  );
  return {
    data: page.items.map((post) => ({
      id: post.id,
      type: post.type,
      postedAt: post.postedAt,
      caption: post.caption,
      permalink: post.permalink,
      metrics: postMetrics(post),
      metricsAsOf: post.metricsAsOf,
    })),
    nextCursor: page.nextCursor,
  };
}

export type AccountPost = Awaited<ReturnType<typeof readAccountPosts>>["data"][number];

/**
 * GET /api/v1/accounts/:id/conversations: the account's inbox (DM threads and posts' comment
 * threads), newest first in keyset pages, filtered and searched as the Messages page does.
 */
export async function readAccountConversations(
  deps: InboxDeps,
  token: ApiToken,
  connection: InstagramConnectionRow,
  query: PublicApiConversationsQuery,
) {
  const page = await listConversations(
    deps,
    { id: token.workspaceId, accountId: connection.instagramId },
    query,
  );
  return {
    data: page.items.map((row) => ({
      id: row.id,
      kind: row.kind,
      updatedTime: row.updatedTime.toISOString(),
      lastMessageSenderId: row.lastSenderId,
      preview: row.preview,
      items: row.items,
      person: {
        id: row.personId,
        username: row.username,
        name: row.name,
        profilePic: row.profilePic,
      },
      caption: row.caption,
      isUnread: row.isUnread,
      needsReply: row.needsReply,
      labels: row.labels,
    })),
    nextCursor: page.nextCursor,
  };
}

/** A published post's metrics as /api/v1 answers them (the list and the one post alike). */
export function postMetrics(post: {
  reach: number | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  saves: number | null;
  shares: number | null;
  engagementRate: number | null;
}) {
  const { reach, views, likes, comments, saves, shares, engagementRate } = post;
  return { reach, views, likes, comments, saves, shares, engagementRate };
}
