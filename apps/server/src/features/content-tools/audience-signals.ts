import { type Db, listOnlineFollowers, listPostEngagement } from "@sightline/db";
import { type AudienceSignals, postEngagementSamples } from "./optimal-times.ts";

/** Instagram keeps online followers for 30 days; older days describe another audience. */
const ONLINE_FOLLOWERS_DAYS = 30;

/**
 * What the timing tools read for an account: its online followers of the last 30 days and its
 * posts' engagement, with how many of each there were (the answers' `basis`).
 */
export async function readAudienceSignals(
  db: Db,
  scope: { workspaceId: string; accountId: string },
  now: Date,
): Promise<{ signals: AudienceSignals; basis: { onlineFollowerDays: number; posts: number } }> {
  const since = new Date(now.getTime() - ONLINE_FOLLOWERS_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const [onlineFollowers, posts] = await Promise.all([
    listOnlineFollowers(db, scope, since),
    listPostEngagement(db, scope),
  ]);
  return {
    signals: { onlineFollowers, posts: postEngagementSamples(posts) },
    basis: { onlineFollowerDays: onlineFollowers.length, posts: posts.length },
  };
}
