import { type AnalyticsPostType, analyticsPostTypeLabels } from "@sightline/contracts";
import { median } from "../content-tools/index.ts";
import type { AccountPost } from "../public-api/index.ts";

/** The filter's words for an assistant, and Post Performance's types they stand for. */
export const postTypeNames = {
  reels: "REELS",
  carousels: "CAROUSEL_ALBUM",
  images: "IMAGE",
  videos: "VIDEO",
  stories: "STORY",
} as const satisfies Record<string, AnalyticsPostType>;
export type PostTypeName = keyof typeof postTypeNames;

function total(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0);
}

function known(values: Array<number | null>): number[] {
  return values.filter((value): value is number => value !== null);
}

/** One group's figures over the posts that have each one stored (a missing figure is no 0). */
function figures(posts: AccountPost[]) {
  const reach = known(posts.map((post) => post.metrics.reach));
  const views = known(posts.map((post) => post.metrics.views));
  const rates = known(posts.map((post) => post.metrics.engagementRate));
  return {
    posts: posts.length,
    postsWithMetrics: reach.length,
    totalReach: total(reach),
    medianReach: median(reach),
    totalViews: total(views),
    medianViews: median(views),
    medianEngagementRate: median(rates),
    averageEngagementRate:
      rates.length === 0 ? null : rates.reduce((sum, rate) => sum + rate, 0) / rates.length,
  };
}

/**
 * Per type and overall, figures of the posts the REST API lists (`readAccountPosts`): counts,
 * total and median reach and views, and the median and mean of each post's engagement rate
 * (its interactions ÷ its reach, as Post Performance shows it).
 */
export function summarizePosts(posts: AccountPost[]) {
  const byType = new Map<AnalyticsPostType, AccountPost[]>();
  for (const post of posts) byType.set(post.type, [...(byType.get(post.type) ?? []), post]);
  return {
    overall: figures(posts),
    byType: [...byType.entries()]
      .sort(([, a], [, b]) => b.length - a.length)
      .map(([type, group]) => ({
        type: typeName(type),
        label: analyticsPostTypeLabels[type],
        ...figures(group),
      })),
    engagementRateFormula: "each post's interactions ÷ its reach",
  };
}

export function typeName(type: AnalyticsPostType): PostTypeName {
  return (Object.entries(postTypeNames) as Array<[PostTypeName, AnalyticsPostType]>).find(
    ([, value]) => value === type,
  )![0];
}
