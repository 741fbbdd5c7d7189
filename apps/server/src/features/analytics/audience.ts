import type { PlanRequired } from "@sightline/contracts";
import {
  type Db,
  findOldestAccountInsightDay,
  listAccountDailyMetrics,
  listLatestAudienceSnapshots,
  listOnlineFollowers,
} from "@sightline/db";
import { onlineFollowersGrid } from "../content-tools/index.ts";
import { growthRate, projectMilestone } from "./growth.ts";
import { addDays, eachDay, localToday } from "./period.ts";

/** Follows and unfollows are read over this many days, ending yesterday. */
export const GROWTH_DAYS = 28;

/** Each breakdown as Instagram answers it in a call of its own (issue 23). */
const breakdowns = ["age", "gender", "country", "city"] as const;
type Breakdown = (typeof breakdowns)[number];

/**
 * Every share has one rule: a bucket's value over the total of its own breakdown's answer,
 * which counts only the people Instagram knows that dimension of. The base is said in words.
 */
const baseLabels: Record<"followers" | "engaged", Record<Breakdown, string>> = {
  followers: {
    age: "of followers with a known age",
    gender: "of followers with a known gender",
    country: "of followers in the countries Instagram lists",
    city: "of followers in the cities Instagram lists",
  },
  engaged: {
    age: "of engaged accounts with a known age",
    gender: "of engaged accounts with a known gender",
    country: "of engaged accounts in the countries Instagram lists",
    city: "of engaged accounts in the cities Instagram lists",
  },
};

type DemographicSnapshot = {
  day: string;
  timeframe: string;
  /** share: value ÷ base.value (a ratio, 0.428 = 42.8 %). */
  buckets: Array<{ dimensions: string[]; value: number; share: number }>;
  base: { value: number; label: string };
};

/** Instagram gives demographics only to accounts with at least this many followers (contract §3.3). */
export const DEMOGRAPHICS_MIN_FOLLOWERS = 100;

/**
 * Audience Insights' data (issue 16 point 2): the newest demographic snapshot per audience and
 * breakdown, and followers online per local weekday and hour (averaged over the stored days,
 * in the user's time zone). Absent data says why; nothing is filled in.
 */
export async function buildAudience(
  db: Db,
  scope: { workspaceId: string; accountId: string },
  input: {
    followersCount: number | null;
    timeZone: string;
    now: Date;
    locale?: string;
    /** `true`, or why the plan leaves them out (they are advanced analytics, issue 30). */
    demographics?: true | PlanRequired;
  },
) {
  const demographicsLocked: PlanRequired | null =
    input.demographics !== undefined && input.demographics !== true ? input.demographics : null;
  const snapshots = demographicsLocked ? [] : await listLatestAudienceSnapshots(db, scope);
  const demographics = Object.fromEntries(
    (["followers", "engaged"] as const).map((audience) => [
      audience,
      Object.fromEntries(
        breakdowns.map((breakdown) => {
          const found = snapshots.find(
            (entry) => entry.audience === audience && entry.breakdown === breakdown,
          );
          if (!found) return [breakdown, null];
          const base = found.buckets.reduce((sum, bucket) => sum + bucket.value, 0);
          return [
            breakdown,
            {
              day: found.day,
              timeframe: found.timeframe,
              buckets: found.buckets.map((bucket) => ({
                dimensions: bucket.dimensions,
                value: bucket.value,
                share: base === 0 ? 0 : bucket.value / base,
              })),
              base: { value: base, label: baseLabels[audience][breakdown] },
            },
          ];
        }),
      ) as Record<Breakdown, DemographicSnapshot | null>,
    ]),
  ) as Record<"followers" | "engaged", Record<Breakdown, DemographicSnapshot | null>>;
  const demographicsNotice = snapshots.some((entry) =>
    (breakdowns as readonly string[]).includes(entry.breakdown),
  )
    ? null
    : input.followersCount !== null && input.followersCount < DEMOGRAPHICS_MIN_FOLLOWERS
      ? `Instagram shows audience demographics once an account has ${DEMOGRAPHICS_MIN_FOLLOWERS} followers.`
      : "No audience demographics have been synced yet.";

  const since = new Date(input.now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  const days = await listOnlineFollowers(db, scope, since);
  const grid = onlineFollowersGrid(days, input.timeZone).map((row) =>
    row.map((value) => (value === undefined ? null : Math.round(value))),
  );
  const today = localToday(input.now, input.timeZone);
  const growth = await buildGrowth(db, scope, {
    followersCount: input.followersCount,
    today,
    locale: input.locale,
  });
  return {
    connected: true as const,
    followersCount: input.followersCount,
    demographics,
    demographicsNotice: demographicsLocked ? null : demographicsNotice,
    /** Set when the plan leaves demographics out: then every breakdown above is null. */
    demographicsLocked,
    activeHours: {
      timeZone: input.timeZone,
      days: days.length,
      /** [weekday 0 = Sunday][hour 0–23]: average followers online, null without data. */
      grid,
      notice:
        days.length === 0
          ? input.followersCount !== null && input.followersCount < DEMOGRAPHICS_MIN_FOLLOWERS
            ? `Instagram shows when followers are online once an account has ${DEMOGRAPHICS_MIN_FOLLOWERS} followers.`
            : "No online-follower data has been synced yet."
          : null,
    },
    growth,
  };
}

/**
 * Follows and unfollows per day of the last GROWTH_DAYS days (a day not stored is null and
 * says so), the growth rate over the stored days and the projection to the next milestone.
 */
async function buildGrowth(
  db: Db,
  scope: { workspaceId: string; accountId: string },
  input: { followersCount: number | null; today: string; locale?: string },
) {
  const to = addDays(input.today, -1);
  const from = addDays(to, -(GROWTH_DAYS - 1));
  const [rows, oldestDay] = await Promise.all([
    listAccountDailyMetrics(db, scope, { from, to, metrics: ["follows", "unfollows"] }),
    findOldestAccountInsightDay(db, scope),
  ]);
  const byDay = new Map<string, { follows: number | null; unfollows: number | null }>();
  for (const row of rows) {
    const entry = byDay.get(row.day) ?? { follows: null, unfollows: null };
    entry[row.metric as "follows" | "unfollows"] = row.value;
    byDay.set(row.day, entry);
  }
  const series = eachDay(from, to).map((day) => ({
    day,
    follows: byDay.get(day)?.follows ?? null,
    unfollows: byDay.get(day)?.unfollows ?? null,
  }));
  const storedDays = series.filter((day) => day.follows !== null && day.unfollows !== null).length;
  const compact = new Intl.NumberFormat(input.locale ?? "en", { notation: "compact" });
  return {
    from,
    to,
    oldestDay,
    series,
    rate: growthRate(input.followersCount, series),
    projection: projectMilestone(input.followersCount, series, input.today, (value) =>
      compact.format(value),
    ),
    notice:
      storedDays > 0
        ? null
        : input.followersCount !== null && input.followersCount < DEMOGRAPHICS_MIN_FOLLOWERS
          ? `Instagram gives follows and unfollows once an account has ${DEMOGRAPHICS_MIN_FOLLOWERS} followers.`
          : "No follows and unfollows have been synced for these days yet.",
    missingDaysNote:
      storedDays > 0 && storedDays < series.length
        ? `${series.length - storedDays} of these ${series.length} days have no follows and unfollows stored${oldestDay ? ` (the oldest stored day is ${oldestDay})` : ""}; they are left empty, not counted as zero.`
        : null,
  };
}
