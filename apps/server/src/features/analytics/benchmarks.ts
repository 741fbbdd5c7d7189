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
  // Types, rates and sorting over every post; the shown fields (ISO date, caption cut to 140
  // characters) only for the six posts shown.
  const withRate = posts.map((post) => ({
    post,
    type: analyticsPostTypeLabels[analyticsPostType(post)] as string,
    engagementRate: post.interactions / post.reach,
  }));
  const shown = ({ post, type, engagementRate }: (typeof withRate)[number]) => ({
    id: post.igMediaId,
    type,
    postedAt: post.postedAt.toISOString(),
    reach: post.reach,
    engagementRate,
    caption: post.caption === null ? null : [...post.caption].slice(0, 140).join(""),
  });
  const byType = new Map<string, { reaches: number[]; rates: number[] }>();
  for (const { post, type, engagementRate } of withRate) {
    const values = byType.get(type) ?? { reaches: [], rates: [] };
    values.reaches.push(post.reach);
    values.rates.push(engagementRate);
    byType.set(type, values);
  }
  const byRate = withRate.sort((a, b) => b.engagementRate - a.engagementRate);
  return {
    posts: withRate.length,
    byType: [...byType.keys()].sort().map((type) => {
      const { reaches, rates } = byType.get(type)!;
      return {
        type,
        posts: reaches.length,
        medianReach: median(reaches),
        medianEngagementRate: median(rates),
      };
    }),
    best: byRate.slice(0, 3).map(shown),
    worst: byRate.length > 3 ? byRate.slice(-3).reverse().map(shown) : [],
    hashtags: rankHashtags(posts, 20),
  };
}
