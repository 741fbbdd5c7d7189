import {
  type AiFact,
  type AnalyticsKpi,
  analyticsPostType,
  analyticsPostTypeLabels,
} from "@sightline/contracts";
import { listAccountDailyMetrics, listPostsWithLatestMetrics } from "@sightline/db";
import {
  addDays,
  buildOverview,
  dayStart,
  eachDay,
  historyWindow,
  type PeriodFetcher,
} from "../analytics/index.ts";
import { count, decimal, percent, plural } from "./format.ts";
import type { RoleFacts, RoleFactsInput } from "./role-facts.ts";
import { MAD_TO_SIGMA, mad, median, round } from "./stats.ts";

/*
 * The Analyst (issue 31 point 1): what moved over the last 28 days against the 28 before, the
 * posts and days behind it, and days outside their expected range.
 */

export const ANALYST_PERIOD_DAYS = "28";
/** No anomaly is claimed on fewer stored days of a metric (issue 31). */
export const ANOMALY_MIN_STORED_DAYS = 14;
/** The same weekday over the previous 8 weeks is a day's baseline; at least 4 must be stored. */
export const ANOMALY_BASELINE_WEEKS = 8;
export const ANOMALY_MIN_BASELINE = 4;
/** A day further than this many robust standard deviations from its baseline is flagged. */
export const ANOMALY_THRESHOLD = 3.5;
const MAX_ANOMALIES = 5;
const TOP_CONTRIBUTORS = 3;
const PEAK_DAYS = 3;

type KpiKey =
  | "reach"
  | "views"
  | "interactions"
  | "accountsEngaged"
  | "profileVisits"
  | "websiteTaps";

const kpiKeys: KpiKey[] = [
  "reach",
  "views",
  "interactions",
  "accountsEngaged",
  "profileVisits",
  "websiteTaps",
];

/** The figures a reader looks at first: one of them leads when it moved noticeably. */
const headlineKpis = new Set<KpiKey>(["reach", "views", "interactions"]);
export const LEAD_MIN_CHANGE_PCT = 5;

/**
 * The KPI whose move leads the Analyst's story: the biggest move of reach, views and
 * interactions when one moved by at least LEAD_MIN_CHANGE_PCT (a −15% in website taps should not
 * lead over a −12% in reach), else the biggest move of all; none without a comparable period.
 */
export function leadingKpi(
  changes: Array<{ key: KpiKey; changePct: number | null }>,
): KpiKey | undefined {
  const movers = changes
    .filter((entry): entry is { key: KpiKey; changePct: number } => entry.changePct !== null)
    .sort((a, b) => Math.abs(b.changePct) - Math.abs(a.changePct));
  return (
    movers.find(
      (entry) => headlineKpis.has(entry.key) && Math.abs(entry.changePct) >= LEAD_MIN_CHANGE_PCT,
    ) ?? movers[0]
  )?.key;
}

/** Stored daily metrics watched for anomalies, with their words. */
const anomalyMetrics: Array<{ metric: string; noun: string }> = [
  { metric: "reach", noun: "Reach" },
  { metric: "views", noun: "Views" },
  { metric: "interactions", noun: "Interactions" },
  { metric: "profile_visits", noun: "Profile visits" },
  { metric: "new_followers", noun: "New followers" },
];

const dashboardLink = { label: "Dashboard charts", href: "/dashboard" };
const postsLink = { label: "Post Performance", href: "/post-performance" };

/** A KPI's figure as shown: counts whole, daily averages to one decimal. */
function figure(kpi: AnalyticsKpi, value: number): number {
  return kpi.basis === "daily-average" ? round(value, 1) : Math.round(value);
}

function written(kpi: AnalyticsKpi, value: number): string {
  return kpi.basis === "daily-average" ? decimal(value) : count(value);
}

function kpiFact(
  key: KpiKey,
  kpi: AnalyticsKpi,
  period: { from: string; to: string },
  days: number,
): AiFact | null {
  if (kpi.value === null) return null;
  const value = figure(kpi, kpi.value);
  const previous = kpi.previous === null ? null : figure(kpi, kpi.previous);
  const changePct = kpi.changePct === null ? null : round(kpi.changePct, 1);
  const over = `${kpi.label}: ${written(kpi, kpi.value)} over the ${days} days from ${period.from} to ${period.to}`;
  let statement: string;
  if (changePct !== null && previous !== null) {
    const direction = changePct > 0 ? "up" : changePct < 0 ? "down" : "unchanged";
    statement =
      direction === "unchanged"
        ? `${over}, the same as the previous ${days} days.`
        : `${over}, ${direction} ${percent(Math.abs(changePct))} from ${written(kpi, kpi.previous!)} in the previous ${days} days.`;
  } else {
    statement = `${over}; ${kpi.changeReason ?? "the previous period is not stored, so they are not compared."}`;
  }
  return {
    id: `kpi.${key}`,
    kind: "kpi-change",
    title: kpi.label,
    statement,
    figures: {
      value,
      previous,
      changePct: changePct === null ? null : Math.abs(changePct),
      direction: changePct === null ? null : changePct > 0 ? "up" : changePct < 0 ? "down" : "flat",
      days,
      storedDays: kpi.storedDays,
      basis: kpi.basis,
    },
    period,
    sample: { size: kpi.storedDays, unit: "days" },
    links: [dashboardLink],
  };
}

type Anomaly = {
  metric: string;
  noun: string;
  day: string;
  value: number;
  median: number;
  low: number;
  high: number;
  baseline: number;
  score: number;
};

/**
 * Robust anomalies: a day's value against the median and MAD of the same weekday over the
 * previous 8 weeks (stored days only). The spread is floored at 10 % of the median (and 1), so
 * a flat history does not flag every small wobble.
 */
export function findAnomalies(
  series: Map<string, Map<string, number>>,
  days: string[],
  metrics: Array<{ metric: string; noun: string }>,
): {
  anomalies: Anomaly[];
  /** How many were flagged before the list was cut at the furthest five. */
  total: number;
  checked: Array<{ metric: string; storedDays: number }>;
} {
  const anomalies: Anomaly[] = [];
  const checked: Array<{ metric: string; storedDays: number }> = [];
  for (const { metric, noun } of metrics) {
    const values = series.get(metric) ?? new Map<string, number>();
    checked.push({ metric, storedDays: values.size });
    for (const day of days) {
      const value = values.get(day);
      if (value === undefined) continue;
      const windowDays = eachDay(addDays(day, -7 * ANOMALY_BASELINE_WEEKS), addDays(day, -1));
      const storedBefore = windowDays.filter((d) => values.has(d)).length;
      if (storedBefore < ANOMALY_MIN_STORED_DAYS) continue;
      const baseline: number[] = [];
      for (let week = 1; week <= ANOMALY_BASELINE_WEEKS; week++) {
        const past = values.get(addDays(day, -7 * week));
        if (past !== undefined) baseline.push(past);
      }
      if (baseline.length < ANOMALY_MIN_BASELINE) continue;
      const centre = median(baseline)!;
      const sigma = Math.max(mad(baseline)! * MAD_TO_SIGMA, Math.abs(centre) * 0.1, 1);
      const score = (value - centre) / sigma;
      if (Math.abs(score) <= ANOMALY_THRESHOLD) continue;
      anomalies.push({
        metric,
        noun,
        day,
        value,
        median: centre,
        low: Math.max(0, Math.round(centre - ANOMALY_THRESHOLD * sigma)),
        high: Math.round(centre + ANOMALY_THRESHOLD * sigma),
        baseline: baseline.length,
        score,
      });
    }
  }
  anomalies.sort((a, b) => Math.abs(b.score) - Math.abs(a.score) || a.day.localeCompare(b.day));
  return { anomalies: anomalies.slice(0, MAX_ANOMALIES), total: anomalies.length, checked };
}

export async function analystFacts(
  input: RoleFactsInput,
  options: { fetchPeriod?: PeriodFetcher } = {},
): Promise<RoleFacts> {
  const { db, scope, timeZone, now } = input;
  const history = historyWindow(input.workspace.plan, now, timeZone);
  const overview = await buildOverview(
    db,
    scope,
    input.followersCount,
    { days: ANALYST_PERIOD_DAYS },
    now,
    timeZone,
    options.fetchPeriod,
    { history: { from: history.from, label: history.label } },
  );
  const period = { from: overview.period.from, to: overview.period.to };
  const days = overview.period.days;
  if (overview.oldestDay === null) {
    return {
      status: "not-enough-data",
      period,
      facts: [],
      headline: "The Analyst starts when the first sync has stored your daily figures.",
      paragraphs: [
        "No daily figures are stored for this account yet. The first sync reads the last 90 days; the Analyst explains them as soon as it finishes.",
      ],
    };
  }

  const facts: AiFact[] = [];
  const kpiFacts = new Map<KpiKey, AiFact>();
  for (const key of kpiKeys) {
    const fact = kpiFact(key, overview.kpis[key], period, days);
    if (fact) {
      facts.push(fact);
      kpiFacts.set(key, fact);
    }
  }
  const followers = overview.kpis.followers;
  if (followers.net) {
    facts.push({
      id: "kpi.followers",
      kind: "kpi-change",
      title: "Follower growth",
      statement: `Net follower growth was ${followers.net.value >= 0 ? "+" : "−"}${count(Math.abs(followers.net.value))} over ${plural(followers.net.days, "stored day")}: ${count(followers.net.follows)} follows and ${count(followers.net.unfollows)} unfollows.`,
      figures: {
        value: followers.net.value,
        follows: followers.net.follows,
        unfollows: followers.net.unfollows,
        days: followers.net.days,
        followers: followers.value,
      },
      period,
      sample: { size: followers.net.days, unit: "days" },
      links: [{ label: "Follower growth", href: "/audience-insights" }],
    });
  }

  const leadKey = leadingKpi(
    [...kpiFacts.keys()].map((key) => ({ key, changePct: overview.kpis[key].changePct })),
  );
  const leader = leadKey ? ([leadKey, kpiFacts.get(leadKey)!] as const) : undefined;
  if (leader) {
    const [key] = leader;
    const kpi = overview.kpis[key];
    const stored = kpi.series.flatMap((point) =>
      point.value === null ? [] : [{ day: point.day, value: point.value }],
    );
    const typical = median(stored.map((point) => point.value));
    if (typical !== null && stored.length >= 3) {
      const peaks = [...stored].sort((a, b) => b.value - a.value || a.day.localeCompare(b.day));
      for (const peak of peaks.slice(0, PEAK_DAYS)) {
        facts.push({
          id: `day.${key}.${peak.day}`,
          kind: "peak-day",
          title: `${kpi.label} on ${peak.day}`,
          statement: `${kpi.basis === "daily-average" ? kpi.label.replace(/^Average daily /, "Daily ") : kpi.label} on ${peak.day}: ${count(peak.value)}, against a median day of ${count(typical)} in the period.`,
          figures: {
            day: peak.day,
            value: Math.round(peak.value),
            medianDay: Math.round(typical),
            metric: key,
          },
          period,
          sample: { size: stored.length, unit: "days" },
          links: [dashboardLink],
        });
      }
    }
  }

  // The posts behind it: each post's share of the interactions on the period's posts.
  const posts = await listPostsWithLatestMetrics(db, scope, {
    sort: "posted_at",
    order: "desc",
    postedFrom: dayStart(overview.previous.from, timeZone),
    postedBefore: dayStart(addDays(period.to, 1), timeZone),
    limit: 500,
  });
  const periodStart = dayStart(period.from, timeZone).getTime();
  const inPeriod = posts.filter((post) => post.postedAt && post.postedAt.getTime() >= periodStart);
  const inPrevious = overview.previousHidden
    ? []
    : posts.filter((post) => post.postedAt && post.postedAt.getTime() < periodStart);
  const medianReach = (list: typeof posts) =>
    median(list.flatMap((post) => (post.reach === null ? [] : [post.reach])));
  const currentMedian = medianReach(inPeriod);
  const previousMedian = medianReach(inPrevious);
  facts.push({
    id: "posts.count",
    kind: "posting",
    title: "Posts published",
    statement:
      `${plural(inPeriod.length, "post")} ${inPeriod.length === 1 ? "was" : "were"} published in the period` +
      (overview.previousHidden
        ? "."
        : `, against ${count(inPrevious.length)} in the previous ${days} days.`) +
      (currentMedian !== null ? ` Their median reach is ${count(currentMedian)}` : "") +
      (currentMedian !== null && previousMedian !== null
        ? ` (${count(previousMedian)} before).`
        : currentMedian !== null
          ? "."
          : ""),
    figures: {
      posts: inPeriod.length,
      previousPosts: overview.previousHidden ? null : inPrevious.length,
      medianReach: currentMedian === null ? null : Math.round(currentMedian),
      previousMedianReach: previousMedian === null ? null : Math.round(previousMedian),
      days,
    },
    period,
    sample: { size: inPeriod.length, unit: "posts" },
    links: [postsLink],
  });
  const withInteractions = inPeriod.filter((post) => post.interactions !== null);
  const totalInteractions = withInteractions.reduce((sum, post) => sum + post.interactions!, 0);
  if (totalInteractions > 0) {
    const ranked = [...withInteractions].sort(
      (a, b) => b.interactions! - a.interactions! || a.igMediaId.localeCompare(b.igMediaId),
    );
    for (const post of ranked.slice(0, TOP_CONTRIBUTORS)) {
      const type = analyticsPostTypeLabels[analyticsPostType(post)];
      const day = post.postedAt!.toISOString().slice(0, 10);
      const share = round((post.interactions! / totalInteractions) * 100, 1);
      facts.push({
        id: `post.${post.igMediaId}`,
        kind: "post-contribution",
        title: `${type} of ${day}`,
        statement: `The ${type.toLowerCase()} posted ${day} brought ${count(post.interactions!)} interactions${post.reach === null ? "" : ` and reached ${count(post.reach)} accounts`}: ${percent(share)} of the ${count(totalInteractions)} interactions on the period's ${plural(withInteractions.length, "post")}.`,
        figures: {
          interactions: post.interactions,
          reach: post.reach,
          sharePct: share,
          totalInteractions,
          posts: withInteractions.length,
          postedDay: day,
          type,
        },
        period,
        sample: { size: withInteractions.length, unit: "posts" },
        links: [
          ...(post.permalink ? [{ label: "The post on Instagram", href: post.permalink }] : []),
          postsLink,
        ],
      });
    }
  }

  // Anomalies: the period's days against the same weekday over the 8 weeks before each.
  const readFrom = [addDays(period.from, -7 * ANOMALY_BASELINE_WEEKS), history.from].sort().at(-1)!;
  const rows = await listAccountDailyMetrics(db, scope, {
    from: readFrom,
    to: period.to,
    metrics: anomalyMetrics.map((entry) => entry.metric),
  });
  const series = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const values = series.get(row.metric) ?? new Map<string, number>();
    series.set(row.metric, values);
    values.set(row.day, row.value);
  }
  const { anomalies, total, checked } = findAnomalies(
    series,
    eachDay(period.from, period.to),
    anomalyMetrics,
  );
  const mostStored = Math.max(0, ...checked.map((entry) => entry.storedDays));
  if (mostStored < ANOMALY_MIN_STORED_DAYS + 1) {
    facts.push({
      id: "anomalies.none-yet",
      kind: "anomaly-check",
      title: "Unusual days",
      statement: `Unusual days are looked for once ${ANOMALY_MIN_STORED_DAYS} days are stored before a day; ${plural(mostStored, "day")} ${mostStored === 1 ? "is" : "are"} stored.`,
      figures: { storedDays: mostStored, needed: ANOMALY_MIN_STORED_DAYS },
      period,
      sample: { size: mostStored, unit: "days" },
      links: [dashboardLink],
    });
  }
  if (anomalies.length > 0) {
    const flaggedDays = new Set(anomalies.map((anomaly) => anomaly.day)).size;
    const more = total > anomalies.length;
    facts.push({
      id: "anomalies.summary",
      kind: "anomaly-summary",
      title: "Unusual days",
      statement: more
        ? `${plural(total, "daily figure")} ${total === 1 ? "was" : "were"} outside ${total === 1 ? "its" : "their"} expected range; the ${`${anomalies.length} furthest out`}, on ${plural(flaggedDays, "day")}, ${anomalies.length === 1 ? "is" : "are"} listed.`
        : `${plural(total, "daily figure")} on ${plural(flaggedDays, "day")} ${total === 1 ? "was" : "were"} outside ${total === 1 ? "its" : "their"} expected range.`,
      figures: { flagged: total, listed: anomalies.length, days: flaggedDays },
      period,
      sample: { size: flaggedDays, unit: "days" },
      links: [dashboardLink],
    });
  }
  for (const anomaly of anomalies) {
    facts.push({
      id: `anomaly.${anomaly.metric}.${anomaly.day}`,
      kind: "anomaly",
      title: `${anomaly.noun} on ${anomaly.day}`,
      statement: `${anomaly.noun} on ${anomaly.day}: ${count(anomaly.value)}, ${anomaly.value > anomaly.high ? "above" : "below"} its expected range of ${count(anomaly.low)}–${count(anomaly.high)} (the same weekday over the previous ${ANOMALY_BASELINE_WEEKS} weeks: median ${count(anomaly.median)}, ${plural(anomaly.baseline, "week")} stored).`,
      figures: {
        day: anomaly.day,
        value: Math.round(anomaly.value),
        expectedLow: anomaly.low,
        expectedHigh: anomaly.high,
        baselineMedian: Math.round(anomaly.median),
        baselineWeeks: anomaly.baseline,
        weeks: ANOMALY_BASELINE_WEEKS,
        metric: anomaly.metric,
      },
      period,
      sample: { size: anomaly.baseline, unit: "weeks" },
      links: [dashboardLink],
    });
  }

  return {
    status: "ready",
    period,
    facts,
    ...analystWording(facts, leader?.[1] ?? null, anomalies.length),
  };
}

/** The built-in engine's wording: the facts' own sentences, the few a reader wants first. */
function analystWording(facts: AiFact[], leader: AiFact | null, anomalies: number) {
  const summary = facts.find((fact) => fact.kind === "anomaly-summary");
  const headline = leader
    ? `${leader.title} ${leader.figures.direction === "flat" ? "held steady at" : `${leader.figures.direction} ${percent(leader.figures.changePct as number)} to`} ${leader.figures.basis === "daily-average" ? decimal(leader.figures.value as number) : count(leader.figures.value as number)}${summary ? `; ${plural(summary.figures.flagged as number, "unusual figure")}` : ""}.`
    : facts.some((fact) => fact.kind === "kpi-change")
      ? "Your figures for the period, not yet comparable with the period before."
      : "No figures are stored for this period.";
  const movers = facts
    .filter((fact) => fact.kind === "kpi-change" && fact.figures.changePct !== null)
    .sort((a, b) => (b.figures.changePct as number) - (a.figures.changePct as number))
    .slice(0, 3)
    .map((fact) => fact.statement);
  const unchanged = facts
    .filter((fact) => fact.kind === "kpi-change" && fact.figures.changePct === null)
    .slice(0, movers.length === 0 ? 3 : 0)
    .map((fact) => fact.statement);
  const posting = facts.find((fact) => fact.kind === "posting");
  const topPost = facts.find((fact) => fact.kind === "post-contribution");
  const peak = facts.find((fact) => fact.kind === "peak-day");
  const firstAnomaly = facts.find((fact) => fact.kind === "anomaly");
  const check = facts.find((fact) => fact.kind === "anomaly-check");
  const paragraphs = [
    [...movers, ...unchanged].join(" "),
    [peak?.statement, posting?.statement, topPost?.statement].filter(Boolean).join(" "),
    summary
      ? `${summary.statement} ${firstAnomaly?.statement ?? ""}`.trim()
      : (check?.statement ??
        (anomalies === 0 ? "No day of the period was outside its expected range." : "")),
  ].filter((text) => text.length > 0);
  return { headline, paragraphs };
}
