/*
 * Follower growth (issue 16 point 2): follows and unfollows per day, the growth rate over the
 * stored days and a projection to the next milestone. Pure: the route gives it stored rows.
 */

export type GrowthDay = { day: string; follows: number | null; unfollows: number | null };

/** 100, 250, 500, 1K, 2.5K, 5K, 10K …: the round numbers people celebrate. */
export function nextMilestone(followers: number): number {
  let scale = 100;
  for (;;) {
    for (const step of [1, 2.5, 5]) {
      const milestone = step * scale;
      if (milestone > followers) return milestone;
    }
    scale *= 10;
  }
}

export type GrowthRate = {
  /** Net change (follows − unfollows) over the days with both stored. */
  netChange: number;
  follows: number;
  unfollows: number;
  /** Followers at the start of those days: today's count minus the net change. */
  startFollowers: number;
  /** Percent growth over those days (2.5 = +2.5 %). */
  ratePct: number | null;
  days: number;
  from: string;
  to: string;
};

/** Days with both follows and unfollows stored; a missing half of a day is not guessed. */
function completeDays(days: readonly GrowthDay[]) {
  return days.filter(
    (day): day is { day: string; follows: number; unfollows: number } =>
      day.follows !== null && day.unfollows !== null,
  );
}

export function growthRate(
  followers: number | null,
  days: readonly GrowthDay[],
): GrowthRate | null {
  const complete = completeDays(days);
  if (followers === null || complete.length === 0) return null;
  const follows = complete.reduce((sum, day) => sum + day.follows, 0);
  const unfollows = complete.reduce((sum, day) => sum + day.unfollows, 0);
  const netChange = follows - unfollows;
  const startFollowers = followers - netChange;
  return {
    netChange,
    follows,
    unfollows,
    startFollowers,
    ratePct: startFollowers > 0 ? (netChange / startFollowers) * 100 : null,
    days: complete.length,
    from: complete[0]!.day,
    to: complete.at(-1)!.day,
  };
}

/** Fewer stored days than this make an average too jumpy to project from. */
export const PROJECTION_MIN_DAYS = 7;
/** A milestone further away than this at the current pace is not given a date. */
export const PROJECTION_MAX_DAYS = 3650;

export type Projection =
  | {
      milestone: number;
      followers: number;
      /** Average net followers per day over the stored days. */
      perDay: number;
      basisDays: number;
      daysToGo: number;
      /** The user's calendar date the milestone is reached at this pace. */
      date: string;
      assumption: string;
    }
  | { milestone: number; reason: string };

function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * When the next milestone is reached if the average net growth of the stored days continues.
 * No date without enough days, or when the account is not growing, or when it is over ten
 * years away: the reason says which.
 */
export function projectMilestone(
  followers: number | null,
  days: readonly GrowthDay[],
  today: string,
  formatCount: (value: number) => string = String,
): Projection | null {
  if (followers === null) return null;
  const milestone = nextMilestone(followers);
  const rate = growthRate(followers, days);
  if (!rate || rate.days < PROJECTION_MIN_DAYS) {
    return {
      milestone,
      reason: `A projection needs at least ${PROJECTION_MIN_DAYS} days of stored follows and unfollows; ${rate?.days ?? 0} are stored so far.`,
    };
  }
  const perDay = rate.netChange / rate.days;
  if (perDay <= 0) {
    return {
      milestone,
      reason: `Over the last ${rate.days} days you lost as many followers as you gained or more, so no date for ${formatCount(milestone)} is projected.`,
    };
  }
  const daysToGo = Math.ceil((milestone - followers) / perDay);
  if (daysToGo > PROJECTION_MAX_DAYS) {
    return {
      milestone,
      reason: `At ${perDay.toFixed(1)} net followers a day, ${formatCount(milestone)} is more than ten years away.`,
    };
  }
  return {
    milestone,
    followers,
    perDay,
    basisDays: rate.days,
    daysToGo,
    date: addDays(today, daysToGo),
    assumption: `Assumes the average net growth of the last ${rate.days} stored days (${perDay.toFixed(1)} followers a day, ${rate.from} to ${rate.to}) continues unchanged; a post that takes off or a quiet spell moves the date.`,
  };
}
