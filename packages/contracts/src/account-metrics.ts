/**
 * How each daily account metric (our names, sync/metric-names.ts) may be combined over several
 * days. The one table that says it (issue 23):
 *
 * - "sum": counts of events (a view, a like, a tap, a follow). Two days' events are two sets
 *   of events, so a period's figure is the sum of its days.
 * - "per-period": counts of unique people (accounts reached, accounts engaged). The same person
 *   reached on Monday and Tuesday is one account over the two days, so a sum of days counts
 *   people again and again. A period's figure is only Instagram's own `metric_type=total_value`
 *   over exactly those days (`metaName`), asked per period; where Instagram cannot answer
 *   (more than 30 days, days older than it keeps), the true figure is an average per day.
 */
export const accountMetricAggregation = {
  reach: { kind: "per-period", metaName: "reach" },
  accounts_engaged: { kind: "per-period", metaName: "accounts_engaged" },
  views: { kind: "sum" },
  interactions: { kind: "sum" },
  likes: { kind: "sum" },
  comments: { kind: "sum" },
  saves: { kind: "sum" },
  shares: { kind: "sum" },
  replies: { kind: "sum" },
  reposts: { kind: "sum" },
  profile_visits: { kind: "sum" },
  profile_link_taps: { kind: "sum" },
  website_clicks: { kind: "sum" },
  new_followers: { kind: "sum" },
  follows: { kind: "sum" },
  unfollows: { kind: "sum" },
} as const satisfies Record<string, { kind: "sum" } | { kind: "per-period"; metaName: string }>;
export type AccountMetric = keyof typeof accountMetricAggregation;

/** The per-period metrics (unique people), with the name Instagram asks them by. */
export const perPeriodAccountMetrics = (
  Object.entries(accountMetricAggregation) as Array<
    [AccountMetric, (typeof accountMetricAggregation)[AccountMetric]]
  >
).flatMap(([metric, rule]) =>
  rule.kind === "per-period" ? [{ metric, metaName: rule.metaName }] : [],
);

/** Whether a period's figure may be the sum of its days. Unknown metrics are not summed. */
export function isAdditiveMetric(metric: string): boolean {
  const rule = (accountMetricAggregation as Record<string, { kind: string }>)[metric];
  return rule?.kind === "sum";
}

/**
 * A period's figure from its days' values, for a metric that may be summed; throws for a
 * per-period metric, whose days must never be added up.
 */
export function sumOfDays(metric: string, values: readonly number[]): number {
  if (!isAdditiveMetric(metric)) {
    throw new Error(`${metric} counts unique people: a sum of days is not its period figure.`);
  }
  return values.reduce((total, value) => total + value, 0);
}

/** Instagram answers a since/until window of at most 30 days (contract §3.3). */
export const INSTAGRAM_MAX_RANGE_DAYS = 30;
/** Instagram keeps account insights for 90 days (contract §3.3). */
export const INSTAGRAM_ACCOUNT_INSIGHTS_DAYS = 90;
