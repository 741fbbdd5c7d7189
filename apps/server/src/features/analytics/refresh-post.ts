import {
  countRateLimitEventsSince,
  type Db,
  findAccountPost,
  type InstagramConnectionRow,
  insertRateLimitEvent,
} from "@sightline/db";
import { isGraphApiError } from "@sightline/instagram-graph";
import { AppError } from "../../lib/app-error.ts";
import { type InstagramContext, readOnePostInsights } from "../instagram/index.ts";

/** A person's "Refresh" reads one post now; this many per account and hour (Meta's quota). */
export const POST_REFRESHES_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

/**
 * Reads one post's insights now (issue 23), at most POST_REFRESHES_PER_HOUR times an hour per
 * connected account, so a busy page never spends the account's Graph API budget.
 */
export async function refreshPost(
  db: Db,
  instagram: InstagramContext,
  connection: InstagramConnectionRow,
  igMediaId: string,
  now: Date,
) {
  const scope = { workspaceId: connection.workspaceId, accountId: connection.instagramId };
  if (!(await findAccountPost(db, scope, igMediaId))) {
    throw new AppError("not_found", "This post is not in your synced Instagram data.");
  }
  const key = `post-refresh:${connection.workspaceId}:${connection.instagramId}`;
  const used = await countRateLimitEventsSince(db, key, new Date(now.getTime() - HOUR_MS));
  if (used >= POST_REFRESHES_PER_HOUR) {
    throw new AppError(
      "rate_limited",
      `You can refresh ${POST_REFRESHES_PER_HOUR} posts an hour for this account. Try again later; the figures also update with every sync.`,
    );
  }
  await insertRateLimitEvent(db, key, now);
  try {
    const outcome = await readOnePostInsights(instagram, connection, igMediaId);
    if (outcome === "refused") {
      throw new AppError("bad_request", "Instagram gives no insights for this post.");
    }
  } catch (error) {
    if (!isGraphApiError(error)) throw error;
    throw new AppError("bad_gateway", "Instagram could not be reached. Try again later.");
  }
}
