import { analyticsPostTypeLabels } from "@sightline/contracts";
import { type BenchmarkPost, type Db, readPostBenchmarks } from "@sightline/db";
import { byHashtagRank } from "../content-tools/index.ts";

/**
 * Post Performance's benchmarks (issue 16 point 3), over posts with both reach and
 * interactions stored, posted in [from, before): the median per type, the best and worst by
 * engagement rate, and hashtags by the median reach of the posts using them (with the sample).
 * The database aggregates them (readPostBenchmarks); here they are labelled and ranked.
 */
export async function buildBenchmarks(
  db: Db,
  scope: { workspaceId: string; accountId: string },
  period: { from?: Date; before?: Date },
) {
  const figures = await readPostBenchmarks(db, scope, period);
  const shown = (post: BenchmarkPost) => ({
    id: post.igMediaId,
    type: analyticsPostTypeLabels[post.type] as string,
    postedAt: post.postedAt.toISOString(),
    reach: post.reach,
    engagementRate: post.engagementRate,
    caption: post.caption === null ? null : [...post.caption].slice(0, 140).join(""),
  });
  return {
    posts: figures.posts,
    byType: figures.byType
      .map(({ type, ...medians }) => ({
        type: analyticsPostTypeLabels[type] as string,
        ...medians,
      }))
      .sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0)),
    best: figures.best.map(shown),
    // As before: no worst list until there are more posts than the best three.
    worst: figures.posts > 3 ? figures.worst.map(shown) : [],
    hashtags: [...figures.hashtags].sort(byHashtagRank).slice(0, 20),
  };
}
