import {
  findAccountPost,
  findInstagramConnection,
  type InstagramConnectionRow,
  insertMediaInsights,
} from "@sightline/db";
import { type InsightMetric, isGraphApiError } from "@sightline/instagram-graph";
import { accountClientFor, type InstagramContext } from "../context.ts";
import { mapMetrics } from "./insights.ts";
import { storeOneMedia } from "./media.ts";
import { mediaMetricsFor } from "./metric-names.ts";

/**
 * When a new post's insights are read again after its first read (issue 23): its figures move
 * fast in the first hours and settle within a week.
 */
export const POST_FOLLOW_UP_READS = [
  { slot: "1h", afterSeconds: 3_600 },
  { slot: "24h", afterSeconds: 86_400 },
  { slot: "7d", afterSeconds: 7 * 86_400 },
] as const;

/**
 * Reads one post's lifetime insights now and appends them as a snapshot (our names). Answers
 * "not-found" when the post is not stored for this account, "refused" when Instagram gives no
 * insights for it (a story with too few viewers, a post from before the conversion).
 */
export async function readOnePostInsights(
  ctx: InstagramContext,
  connection: InstagramConnectionRow,
  igMediaId: string,
): Promise<"read" | "not-found" | "refused"> {
  const scope = { workspaceId: connection.workspaceId, accountId: connection.instagramId };
  const post = await findAccountPost(ctx.db, scope, igMediaId);
  if (!post) return "not-found";
  let metrics: InsightMetric[];
  try {
    metrics = await accountClientFor(ctx, connection).getMediaInsights(
      igMediaId,
      mediaMetricsFor(post),
    );
  } catch (error) {
    if (!isGraphApiError(error) || (error.code !== 100 && error.code !== 10)) throw error;
    return "refused";
  }
  const capturedAt = new Date(ctx.now());
  await insertMediaInsights(
    ctx.db,
    mapMetrics(metrics).map((row) => ({ ...scope, igMediaId, capturedAt, ...row })),
  );
  return "read";
}

/**
 * After `media_publish`: the new post is read by id and stored at once, so the post table, the
 * dashboard's top posts and the calendar show it within a minute, not at the next sync.
 */
export async function storePublishedMedia(
  ctx: InstagramContext,
  scope: { workspaceId: string; accountId: string },
  igMediaId: string,
  /** The account's connection when the caller has just read it. */
  known?: InstagramConnectionRow,
) {
  const connection =
    known ?? (await findInstagramConnection(ctx.db, scope.workspaceId, scope.accountId));
  if (connection?.status !== "active") return undefined;
  return storeOneMedia(
    {
      db: ctx.db,
      client: accountClientFor(ctx, connection),
      scope: { workspaceId: scope.workspaceId, accountId: connection.instagramId },
      now: ctx.now,
    },
    igMediaId,
  );
}
