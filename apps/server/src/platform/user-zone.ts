import { isTimeZone } from "@sightline/contracts";
import { type Db, getProfileForUser } from "@sightline/db";

/** A user's time zone from their profile, else UTC (also for no user: a job with nobody). */
export async function userTimeZone(db: Db, userId: string | null): Promise<string> {
  if (!userId) return "UTC";
  const zone = (await getProfileForUser(db, userId))?.timeZone;
  return zone && isTimeZone(zone) ? zone : "UTC";
}
