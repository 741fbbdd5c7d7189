import { analyticsPostType, analyticsPostTypeLabels } from "@sightline/contracts";
import { type Db, listPostEngagement } from "@sightline/db";
import { median, rankHashtags } from "../content-tools/index.ts";

/**
 * Post Performance's benchmarks (issue 16 point 3), over posts with both reach and
 * interactions stored, posted in [from, before): the median per type, the best and worst by
 * engagement rate, and hashtags by the median reach of the posts using them (with the sample).
 */
export async function buildBenchmarks(
  db: Db,
  scope: { workspaceId: string; accountId: string },
  period: { from?: Date; before?: Date },
) {
  const posts = (await listPostEngagement(db, scope)).filter(
    (post) =>
      post.reach > 0 &&
      (!period.from || post.postedAt >= period.from) &&
      (!period.before || post.postedAt < period.before),
  );
  const withRate = posts.map((post) => ({
    id: post.igMediaId,
    type: analyticsPostTypeLabels[analyticsPostType(post)] as string,
    postedAt: post.postedAt.toISOString(),
    reach: post.reach,
    engagementRate: post.interactions / post.reach,
    caption: post.caption === null ? null : [...post.caption].slice(0, 140).join(""),
  }));
  const types = [...new Set(withRate.map((post) => post.type))].sort();
  const byRate = [...withRate].sort((a, b) => b.engagementRate - a.engagementRate);
  return {
    posts: withRate.length,
    byType: types.map((type) => {
      const ofType = withRate.filter((post) => post.type === type);
      return {
        type,
        posts: ofType.length,
        medianReach: median(ofType.map((post) => post.reach)),
        medianEngagementRate: median(ofType.map((post) => post.engagementRate)),
      };
    }),
    best: byRate.slice(0, 3),
    worst: byRate.length > 3 ? byRate.slice(-3).reverse() : [],
    hashtags: rankHashtags(posts, 20),
  };
}
