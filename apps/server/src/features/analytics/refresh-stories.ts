import {
  countRateLimitEventsSince,
  type Db,
  type InstagramConnectionRow,
  insertRateLimitEvent,
} from "@sightline/db";
import { isGraphApiError } from "@sightline/instagram-graph";
import { AppError } from "../../lib/app-error.ts";
import { type InstagramContext, readStoriesNow } from "../instagram/index.ts";

/** "Read stories now": this many per account and hour (each is 1 + 2 Graph calls per story). */
export const STORY_REFRESHES_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

/**
 * Reads the account's live stories and their insights now, as the hourly job does, at most
 * STORY_REFRESHES_PER_HOUR times an hour per connected account.
 */
export async function refreshStories(
  db: Db,
  instagram: InstagramContext,
  connection: InstagramConnectionRow,
  now: Date,
) {
  const key = `story-refresh:${connection.workspaceId}:${connection.instagramId}`;
  const used = await countRateLimitEventsSince(db, key, new Date(now.getTime() - HOUR_MS));
  if (used >= STORY_REFRESHES_PER_HOUR) {
    throw new AppError(
      "rate_limited",
      `You can read stories ${STORY_REFRESHES_PER_HOUR} times an hour for this account. They are also read every hour.`,
    );
  }
  await insertRateLimitEvent(db, key, now);
  try {
    await readStoriesNow(instagram, connection);
  } catch (error) {
    if (!isGraphApiError(error)) throw error;
    throw new AppError("bad_gateway", "Instagram could not be reached. Try again later.");
  }
}
