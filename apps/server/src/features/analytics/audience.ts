import { type Db, listLatestAudienceSnapshots, listOnlineFollowers } from "@sightline/db";
import { zonedParts } from "../publishing/zoned-time.ts";

const breakdowns = ["age", "gender", "country", "city"] as const;
type Breakdown = (typeof breakdowns)[number];

/** Instagram gives demographics only to accounts with at least this many followers (§3.3). */
export const DEMOGRAPHICS_MIN_FOLLOWERS = 100;

/**
 * Audience Insights' data (issue 16 point 2): the newest demographic snapshot per audience and
 * breakdown, and followers online per local weekday and hour (averaged over the stored days,
 * in the user's time zone). Absent data says why; nothing is filled in.
 */
export async function buildAudience(
  db: Db,
  scope: { userId: string; accountId: string },
  input: { followersCount: number | null; timeZone: string; now: Date },
) {
  const snapshots = await listLatestAudienceSnapshots(db, scope);
  const demographics = Object.fromEntries(
    (["followers", "engaged"] as const).map((audience) => [
      audience,
      Object.fromEntries(
        breakdowns.map((breakdown) => {
          const found = snapshots.find(
            (entry) => entry.audience === audience && entry.breakdown === breakdown,
          );
          return [
            breakdown,
            found ? { day: found.day, timeframe: found.timeframe, buckets: found.buckets } : null,
          ];
        }),
      ) as Record<
        Breakdown,
        {
          day: string;
          timeframe: string;
          buckets: Array<{ dimensions: string[]; value: number }>;
        } | null
      >,
    ]),
  ) as Record<"followers" | "engaged", Record<Breakdown, unknown>>;
  const demographicsNotice =
    snapshots.length > 0
      ? null
      : input.followersCount !== null && input.followersCount < DEMOGRAPHICS_MIN_FOLLOWERS
        ? `Instagram shows audience demographics once an account has ${DEMOGRAPHICS_MIN_FOLLOWERS} followers.`
        : "No audience demographics have been synced yet.";

  const since = new Date(input.now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  const days = await listOnlineFollowers(db, scope, since);
  const sums = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  const counts = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const { day, hours } of days) {
    for (const [hourText, value] of Object.entries(hours)) {
      const hour = Number(hourText);
      if (!Number.isInteger(hour) || hour < 0 || hour > 23) continue;
      const local = zonedParts(
        new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`),
        input.timeZone,
      );
      sums[local.weekday]![local.hour]! += value;
      counts[local.weekday]![local.hour]! += 1;
    }
  }
  const grid = sums.map((row, weekday) =>
    row.map((sum, hour) => {
      const n = counts[weekday]![hour]!;
      return n === 0 ? null : Math.round(sum / n);
    }),
  );
  return {
    connected: true as const,
    followersCount: input.followersCount,
    demographics,
    demographicsNotice,
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
  };
}
