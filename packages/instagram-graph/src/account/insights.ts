import type { Page } from "../pagination.ts";
import { toPage } from "../pagination.ts";
import {
  type InsightMetric,
  type InsightsResponse,
  insightsResponseSchema,
} from "../schemas/insights.ts";
import { type AccountScope, nodePath, toUnixSeconds } from "./scope.ts";

export type AccountInsightsQuery = {
  metrics: readonly string[];
  period: "day" | "week" | "days_28" | "month" | "lifetime" | "total_over_range";
  metricType?: "time_series" | "total_value";
  breakdown?: string;
  since?: Date | number;
  until?: Date | number;
  timeframe?: string;
};

export type DemographicBreakdown = "age" | "gender" | "country" | "city" | "age,gender";

export type DemographicsQuery = {
  breakdown: DemographicBreakdown;
  /** §3.3: `this_week` or `this_month` (the older values were dropped in v20). */
  timeframe?: "this_week" | "this_month";
};

export type DemographicBucket = { dimensions: string[]; value: number };

/** Flattens a demographics metric into buckets, dropping the leading timeframe dimension. */
export function demographicBuckets(metric: InsightMetric | undefined): DemographicBucket[] {
  const breakdown = metric?.total_value?.breakdowns?.[0];
  if (!breakdown) return [];
  const skip = breakdown.dimension_keys[0] === "timeframe" ? 1 : 0;
  return breakdown.results.map((result) => ({
    dimensions: result.dimension_values.slice(skip),
    value: result.value,
  }));
}

export function createInsightsApi(scope: AccountScope) {
  const { context } = scope;
  async function accountInsights(query: AccountInsightsQuery): Promise<InsightsResponse> {
    return scope.get(
      nodePath(context.igUserId, "insights"),
      {
        metric: query.metrics.join(","),
        period: query.period,
        metric_type: query.metricType,
        breakdown: query.breakdown,
        since: toUnixSeconds(query.since),
        until: toUnixSeconds(query.until),
        timeframe: query.timeframe,
      },
      insightsResponseSchema,
    );
  }

  async function demographics(
    metric: "follower_demographics" | "engaged_audience_demographics",
    query: DemographicsQuery,
  ): Promise<DemographicBucket[]> {
    const response = await accountInsights({
      metrics: [metric],
      period: "lifetime",
      metricType: "total_value",
      breakdown: query.breakdown,
      timeframe: query.timeframe ?? "this_month",
    });
    return demographicBuckets(response.data.find((entry) => entry.name === metric));
  }

  return {
    /** §3.2 — lifetime metrics of one post; the valid set depends on the product type. */
    async getMediaInsights(
      mediaId: string,
      metrics: readonly string[],
      options: { breakdown?: string } = {},
    ): Promise<InsightMetric[]> {
      const response = await scope.get(
        nodePath(mediaId, "insights"),
        { metric: metrics.join(","), breakdown: options.breakdown },
        insightsResponseSchema,
      );
      return response.data;
    },

    /** §3.3 — account metrics; keep since/until windows ≤ 30 days. */
    getAccountInsights: accountInsights,

    /** §3.3 — needs ≥ 100 followers; empty otherwise. */
    getFollowerDemographics: (query: DemographicsQuery) =>
      demographics("follower_demographics", query),
    getEngagedAudienceDemographics: (query: DemographicsQuery) =>
      demographics("engaged_audience_demographics", query),

    /**
     * §3.3 — followers online per hour, one value object (hour "0"–"23" → count) per day of the
     * last 30 days.
     */
    async getOnlineFollowers(
      options: { since?: Date | number; until?: Date | number } = {},
    ): Promise<Array<{ endTime: string | undefined; hours: Record<string, number> }>> {
      const response = await accountInsights({
        metrics: ["online_followers"],
        period: "lifetime",
        ...(options.since !== undefined ? { since: options.since } : {}),
        ...(options.until !== undefined ? { until: options.until } : {}),
      });
      const metric = response.data.find((entry) => entry.name === "online_followers");
      return (metric?.values ?? []).map((entry) => ({
        endTime: entry.end_time,
        hours: typeof entry.value === "number" ? {} : entry.value,
      }));
    },

    /** Pages of a time-series query via `paging.previous`/`next` are rarely needed; exposed raw. */
    toPage: (response: InsightsResponse): Page<InsightMetric> => toPage(response),
  };
}
