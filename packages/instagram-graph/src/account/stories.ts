import { type InsightMetric, insightsResponseSchema } from "../schemas/insights.ts";
import {
  type StoryInsights,
  type StoryNavigationAction,
  storyNavigationActions,
} from "../schemas/stories.ts";
import { type AccountScope, nodePath } from "./scope.ts";

/**
 * §3.2 — the story metrics read without a breakdown. Not `impressions`, `taps_forward`,
 * `taps_back` or `exits` (removed; navigation's breakdown replaces the last three).
 */
export const storyMetrics = [
  "reach",
  "views",
  "replies",
  "shares",
  "follows",
  "profile_visits",
  "total_interactions",
] as const;

function metricValue(metrics: InsightMetric[], name: string): number | null {
  const metric = metrics.find((entry) => entry.name === name);
  const value = metric?.total_value?.value ?? metric?.values?.[0]?.value;
  return typeof value === "number" ? value : null;
}

export function createStoriesApi(scope: AccountScope) {
  return {
    /**
     * §3.2 — a live story's insights: the plain metrics, then `navigation` with its
     * `story_navigation_action_type` breakdown (a breakdown on the others is refused, so two
     * calls). Null once the story has expired (Instagram answers empty `data`). Too few viewers
     * is a Graph error code 10, left to the caller.
     */
    async getStoryInsights(mediaId: string): Promise<StoryInsights | null> {
      const plain = await scope.get(
        nodePath(mediaId, "insights"),
        { metric: storyMetrics.join(",") },
        insightsResponseSchema,
      );
      if (plain.data.length === 0) return null;
      const navigation = await scope.get(
        nodePath(mediaId, "insights"),
        { metric: "navigation", breakdown: "story_navigation_action_type" },
        insightsResponseSchema,
      );
      const actions: Partial<Record<StoryNavigationAction, number>> = {};
      for (const result of navigation.data[0]?.total_value?.breakdowns?.[0]?.results ?? []) {
        const key = result.dimension_values[0] as StoryNavigationAction | undefined;
        if (key && storyNavigationActions.includes(key)) actions[key] = result.value;
      }
      return {
        reach: metricValue(plain.data, "reach"),
        views: metricValue(plain.data, "views"),
        replies: metricValue(plain.data, "replies"),
        shares: metricValue(plain.data, "shares"),
        follows: metricValue(plain.data, "follows"),
        profileVisits: metricValue(plain.data, "profile_visits"),
        totalInteractions: metricValue(plain.data, "total_interactions"),
        navigation: metricValue(navigation.data, "navigation"),
        navigationActions: actions,
      };
    },
  };
}
