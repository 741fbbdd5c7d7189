import {
  COMPETITOR_POSTS_PER_READ,
  planCapabilities,
  planLimitMessage,
  planNames,
} from "@sightline/contracts";
import {
  type CompetitorRow,
  type InstagramConnectionRow,
  insertBusinessDiscoveryCall,
  insertCompetitor,
  listCompetitorPosts,
  listCompetitorSnapshots,
  listCompetitors,
  listInstagramConnections,
  updateCompetitor,
  upsertCompetitorPosts,
  upsertCompetitorSnapshot,
} from "@sightline/db";
import {
  type BusinessDiscovery,
  isGraphApiError,
  isUserNotFound,
} from "@sightline/instagram-graph";
import { AppError } from "../../lib/app-error.ts";
import type { WorkspaceRef } from "../../lib/app-types.ts";
import { selectedConnection } from "../../middleware/session.ts";
import { accountClientFor, handleGraphFailure } from "../instagram/index.ts";
import { planOf, planRequired } from "../plans/index.ts";
import { discoveryBudget } from "./budget.ts";
import { compareAccounts } from "./comparison.ts";
import type { CompetitorsContext } from "./context.ts";

type Deps = Pick<CompetitorsContext, "db" | "events" | "now" | "logger" | "instagram">;

const DAY_MS = 86_400_000;

export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** Why Business Discovery cannot run for this connection, or undefined when it can. */
export function discoveryBlocker(connection: InstagramConnectionRow | undefined) {
  if (!connection) return "Connect Instagram in Settings to compare your account with competitors.";
  if (connection.status !== "active") {
    return "Your Instagram connection needs to be renewed in Settings before competitors can be read.";
  }
  // Graph API contract §1.1 and §7: Business Discovery exists only behind Facebook Login.
  if (connection.login !== "facebook") {
    return "Instagram shows other accounts' public numbers (Business Discovery) only to accounts connected through Facebook Login. Switch to Facebook Login in Settings to track competitors: the same account, with all its history kept.";
  }
  return undefined;
}

export function discoveryBlockerKind(
  connection: InstagramConnectionRow | undefined,
): "connect" | "reconnect" | "switch_to_facebook" | null {
  if (!connection) return "connect";
  if (connection.status !== "active") return "reconnect";
  return connection.login !== "facebook" ? "switch_to_facebook" : null;
}

/** The competitors a plan reads: the oldest `limit`; the rest wait (after a downgrade). */
export function pausedCompetitors(rows: CompetitorRow[], limit: number | null): Set<string> {
  const tracked = rows
    .filter((row) => !row.isOwn)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return new Set(limit === null ? [] : tracked.slice(limit).map((row) => row.id));
}

function pausedReason(plan: Parameters<typeof planLimitMessage>[0]) {
  const max = planCapabilities[plan].competitors ?? 0;
  return `Paused: the ${planNames[plan]} plan can track up to ${max} ${max === 1 ? "competitor" : "competitors"}. Remove one, or upgrade, to read it again.`;
}

const notFoundMessage = (username: string) =>
  `Instagram finds no Business or Creator account @${username}. Check the spelling: personal accounts cannot be looked up, and Instagram answers the same for them as for names that do not exist.`;

type Discovered = BusinessDiscovery["business_discovery"];

/** Asks Business Discovery for one username, counting the call against the account's budget. */
async function discover(
  deps: Deps,
  connection: InstagramConnectionRow,
  workspaceId: string,
  username: string,
): Promise<Discovered> {
  await insertBusinessDiscoveryCall(deps.db, {
    workspaceId,
    accountId: connection.instagramId,
    calledAt: new Date(deps.now()),
  });
  return accountClientFor(deps.instagram, connection).businessDiscovery(username, {
    mediaLimit: COMPETITOR_POSTS_PER_READ,
  });
}

/** Stores one answer: the profile, the day's numbers and each post's numbers, as given. */
async function storeRead(deps: Deps, row: CompetitorRow, found: Discovered) {
  const readAt = new Date(deps.now());
  await updateCompetitor(deps.db, row.workspaceId, row.id, {
    instagramId: found.id,
    name: found.name ?? null,
    biography: found.biography ?? null,
    profilePictureUrl: found.profile_picture_url ?? null,
    lastReadAt: readAt,
    lastError: null,
  });
  await upsertCompetitorSnapshot(deps.db, {
    workspaceId: row.workspaceId,
    competitorId: row.id,
    day: utcDay(readAt.getTime()),
    readAt,
    followersCount: found.followers_count ?? null,
    followsCount: found.follows_count ?? null,
    mediaCount: found.media_count ?? null,
  });
  await upsertCompetitorPosts(
    deps.db,
    (found.media?.data ?? [])
      .filter((media) => media.timestamp !== undefined)
      .map((media) => ({
        workspaceId: row.workspaceId,
        competitorId: row.id,
        mediaId: media.id,
        caption: (media.caption ?? "").slice(0, 2_200),
        mediaType: media.media_type ?? null,
        productType: media.media_product_type ?? null,
        permalink: media.permalink ?? null,
        postedAt: new Date(media.timestamp as string),
        likeCount: media.like_count ?? null,
        commentsCount: media.comments_count ?? null,
        viewCount: media.view_count ?? null,
        readAt,
      })),
  );
}

function readFailure(error: unknown, username: string): string {
  if (isUserNotFound(error)) {
    return `Instagram no longer finds @${username}: it may have been renamed, made private or turned into a personal account.`;
  }
  if (isGraphApiError(error) && [4, 17, 32, 613].includes(error.code ?? 0)) {
    return "Instagram's rate limit was reached; the next read tries again.";
  }
  return "Instagram did not answer this read; the next one tries again.";
}

/** Reads one tracked account now. Answers false when the budget made it wait. */
export async function readCompetitor(
  deps: Deps,
  connection: InstagramConnectionRow,
  row: CompetitorRow,
): Promise<"read" | "failed" | "waiting"> {
  const budget = await discoveryBudget(deps, connection.instagramId);
  if (budget.waitReason) return "waiting";
  try {
    const found = await discover(deps, connection, row.workspaceId, row.username);
    await storeRead(deps, row, found);
    return "read";
  } catch (error) {
    if (!isGraphApiError(error)) throw error;
    await handleGraphFailure(deps.instagram, connection, error);
    await updateCompetitor(deps.db, row.workspaceId, row.id, {
      lastError: readFailure(error, row.username),
    });
    return "failed";
  }
}

/** Adds a competitor: connection, duplicates, plan, budget, then one look-up (stored as a read). */
export async function addCompetitor(deps: Deps, workspace: WorkspaceRef, username: string) {
  const connection = await selectedConnection(deps.db, workspace);
  const blocker = discoveryBlocker(connection);
  if (blocker || !connection) throw new AppError("bad_request", blocker ?? "");
  if (username === connection.instagramUsername.toLowerCase()) {
    throw new AppError(
      "validation_failed",
      "That is this workspace's own account: it is already in the comparison.",
    );
  }
  const rows = await listCompetitors(deps.db, workspace.id);
  if (rows.some((row) => row.accountId === connection.instagramId && row.username === username)) {
    throw new AppError("conflict", `You already track @${username}.`);
  }
  const plan = await planOf(deps.db, workspace.id);
  const limit = planCapabilities[plan].competitors;
  const tracked = rows.filter((row) => !row.isOwn).length;
  if (limit === 0) throw planRequired(plan, "competitors");
  if (limit !== null && tracked >= limit) {
    throw planRequired(plan, "competitors", planLimitMessage(plan, "competitors"));
  }
  const budget = await discoveryBudget(deps, connection.instagramId);
  if (budget.waitReason) throw new AppError("rate_limited", budget.waitReason);
  let found: Discovered;
  try {
    found = await discover(deps, connection, workspace.id, username);
  } catch (error) {
    if (isUserNotFound(error)) throw new AppError("not_found", notFoundMessage(username));
    if (!isGraphApiError(error)) throw error;
    await handleGraphFailure(deps.instagram, connection, error);
    throw new AppError("bad_gateway", readFailure(error, username));
  }
  const row = await insertCompetitor(deps.db, {
    workspaceId: workspace.id,
    accountId: connection.instagramId,
    username,
    isOwn: false,
  });
  if (!row) throw new AppError("conflict", `You already track @${username}.`);
  await storeRead(deps, row, found);
  // The account itself, read the same way, is the comparison's first column.
  const ownUsername = connection.instagramUsername.toLowerCase();
  if (ownUsername) {
    const own =
      rows.find((entry) => entry.accountId === connection.instagramId && entry.isOwn) ??
      (await insertCompetitor(deps.db, {
        workspaceId: workspace.id,
        accountId: connection.instagramId,
        username: ownUsername,
        isOwn: true,
      }));
    if (own && (!own.lastReadAt || utcDay(own.lastReadAt.getTime()) !== utcDay(deps.now()))) {
      await readCompetitor(deps, connection, own);
    }
  }
  await deps.events.publish(workspace.id, "competitors:updated", {});
  return { id: row.id, username: row.username, name: found.name ?? null };
}

/**
 * The daily read of one workspace: every account it tracks (and each account itself) not yet
 * read this UTC day, within the budget; what waits is read at the next run.
 */
export async function readWorkspaceCompetitors(deps: Deps, workspaceId: string) {
  const [connections, rows, plan] = await Promise.all([
    listInstagramConnections(deps.db, workspaceId),
    listCompetitors(deps.db, workspaceId),
    planOf(deps.db, workspaceId),
  ]);
  const paused = pausedCompetitors(rows, planCapabilities[plan].competitors);
  const today = utcDay(deps.now());
  const counts = { read: 0, failed: 0, waiting: 0 };
  for (const row of rows) {
    if (paused.has(row.id)) continue;
    if (row.lastReadAt && utcDay(row.lastReadAt.getTime()) === today) continue;
    const connection = connections.find((entry) => entry.instagramId === row.accountId);
    if (discoveryBlocker(connection) || !connection) continue;
    // An account compared with nobody (its competitors removed) is not read for nothing.
    if (row.isOwn && !rows.some((other) => !other.isOwn && other.accountId === row.accountId)) {
      continue;
    }
    counts[await readCompetitor(deps, connection, row)] += 1;
  }
  if (counts.read + counts.failed > 0) {
    await deps.events.publish(workspaceId, "competitors:updated", counts);
  }
  return counts;
}

/** The page: the connection's state, the plan, the budget and the comparison over `days`. */
export async function competitorsOverview(deps: Deps, workspace: WorkspaceRef, days: number) {
  const connection = await selectedConnection(deps.db, workspace);
  const plan = await planOf(deps.db, workspace.id);
  const all = await listCompetitors(deps.db, workspace.id);
  const paused = pausedCompetitors(all, planCapabilities[plan].competitors);
  const rows = connection ? all.filter((row) => row.accountId === connection.instagramId) : [];
  const shown = rows.some((row) => !row.isOwn) ? rows : [];
  const now = deps.now();
  const since = new Date(Date.parse(`${utcDay(now - (days - 1) * DAY_MS)}T00:00:00Z`));
  const ids = shown.map((row) => row.id);
  const [snapshots, posts] = await Promise.all([
    listCompetitorSnapshots(deps.db, workspace.id, ids, utcDay(since.getTime())),
    // The account's own hashtags count over every post stored, not only the period's.
    listCompetitorPosts(deps.db, workspace.id, ids, new Date(now - 365 * DAY_MS)),
  ]);
  const comparison = compareAccounts({
    rows: shown,
    snapshots,
    posts,
    since,
    days,
    paused,
    pausedReason: pausedReason(plan),
  });
  return {
    plan,
    limit: planCapabilities[plan].competitors,
    tracked: all.filter((row) => !row.isOwn).length,
    blocker: discoveryBlocker(connection) ?? null,
    blockerKind: discoveryBlockerKind(connection),
    account: connection
      ? { id: connection.instagramId, username: connection.instagramUsername }
      : null,
    budget: connection ? await discoveryBudget(deps, connection.instagramId) : null,
    days,
    since: utcDay(since.getTime()),
    ...comparison,
  };
}
