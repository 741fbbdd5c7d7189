import {
  addDays,
  isTimeZone,
  type ResponseTimeFigures,
  zonedTimeToInstant,
} from "@sightline/contracts";
import {
  type Db,
  getProfileForUser,
  measureCommentResponseTimes,
  measureDmResponseTimes,
  type ResponseTimesRow,
} from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";

/** A period of days on a calendar, both ends included (the reports' and analytics' periods). */
export type ResponseTimesPeriod = { from: string; to: string; timeZone: string };

function dayStart(day: string, timeZone: string): Date {
  return zonedTimeToInstant(day, 0, 0, timeZone);
}

function figures(row: ResponseTimesRow): ResponseTimeFigures {
  return {
    answered: row.answered,
    unanswered: row.unanswered,
    medianSeconds: row.medianSeconds,
    p90Seconds: row.p90Seconds,
    withinHourShare: row.hourBase > 0 ? row.withinHour / row.hourBase : null,
    withinDayShare: row.dayBase > 0 ? row.withinDay / row.dayBase : null,
  };
}

/**
 * How fast one account answered comments and DMs that arrived in a period (issue 33 point 4;
 * what counts is decision 038's addendum "Inbox response times"). The Inbox's panel
 * (GET /api/inbox/response-times) and client reports both call this, so they say one number.
 * Items arrive on the period's days in its zone; a reply counts whenever it came, up to `now`.
 */
export async function measureResponseTimes(
  db: Db,
  scope: { workspaceId: string; accountId: string },
  period: ResponseTimesPeriod,
  now: Date,
) {
  const window = {
    start: dayStart(period.from, period.timeZone),
    end: dayStart(addDays(period.to, 1), period.timeZone),
    now,
  };
  const comments = await measureCommentResponseTimes(db, scope, window);
  const dms = await measureDmResponseTimes(db, scope, window);
  return {
    from: period.from,
    to: period.to,
    timeZone: period.timeZone,
    comments: figures(comments),
    dms: figures(dms),
  };
}

export type ResponseTimes = Awaited<ReturnType<typeof measureResponseTimes>>;

/** The panel's days are the user's: the zone asked for, else the profile's, else UTC. */
export async function responseTimesZone(db: Db, userId: string, requested: string | undefined) {
  if (requested) {
    if (!isTimeZone(requested)) {
      throw new AppError("bad_request", `"${requested}" is not a time zone.`);
    }
    return requested;
  }
  const zone = (await getProfileForUser(db, userId))?.timeZone;
  return zone && isTimeZone(zone) ? zone : "UTC";
}
