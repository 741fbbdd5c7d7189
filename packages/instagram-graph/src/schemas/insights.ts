import { z } from "zod";
import { pagingSchema } from "./common.ts";

/** `online_followers` values are objects keyed by hour "0"–"23" (§3.3, shape unconfirmed). */
export const insightValueSchema = z.object({
  value: z.union([z.number(), z.record(z.string(), z.number())]),
  end_time: z.string().optional(),
});
export type InsightValue = z.infer<typeof insightValueSchema>;

export const insightBreakdownSchema = z.object({
  dimension_keys: z.array(z.string()),
  results: z.array(
    z.object({
      dimension_values: z.array(z.string()),
      value: z.number(),
    }),
  ),
});
export type InsightBreakdown = z.infer<typeof insightBreakdownSchema>;

/** §3.2/§3.3 — a metric answers with `values` (time series) or `total_value`. */
export const insightMetricSchema = z.object({
  name: z.string(),
  period: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  id: z.string().optional(),
  values: z.array(insightValueSchema).optional(),
  total_value: z
    .object({
      value: z.number().optional(),
      breakdowns: z.array(insightBreakdownSchema).optional(),
    })
    .optional(),
});
export type InsightMetric = z.infer<typeof insightMetricSchema>;

export const insightsResponseSchema = z.object({
  data: z.array(insightMetricSchema),
  paging: pagingSchema.optional(),
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;
