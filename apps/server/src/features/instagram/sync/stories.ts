import {
  applyStoryInsightsWebhook,
  closeExpiredStories,
  type InstagramConnectionRow,
  type StoryFigures,
  storeStoryRead,
} from "@sightline/db";
import {
  isGraphApiError,
  type StoryInsights,
  type StoryInsightsChangeValue,
} from "@sightline/instagram-graph";
import { dateOf } from "../../../platform/clock.ts";
import { accountClientFor, hasCapability, type InstagramContext } from "../context.ts";

/** A story lives 24 h (Graph API reference §2.1); its insights are answered only meanwhile. */
export const STORY_LIFETIME_MS = 24 * 3_600_000;
/** How long before its expiry a story's last figures are read (Instagram Login has no webhook). */
export const LAST_READ_BEFORE_EXPIRY_MS = 3 * 60_000;

const storyFields =
  "id,caption,media_type,media_product_type,media_url,thumbnail_url,permalink,timestamp";

function figuresOf(insights: StoryInsights): StoryFigures {
  return {
    reach: insights.reach,
    views: insights.views,
    replies: insights.replies,
    shares: insights.shares,
    follows: insights.follows,
    profileVisits: insights.profileVisits,
    totalInteractions: insights.totalInteractions,
    navigation: insights.navigation,
    tapsForward: insights.navigationActions.TAP_FORWARD ?? null,
    tapsBack: insights.navigationActions.TAP_BACK ?? null,
    exits: insights.navigationActions.TAP_EXIT ?? null,
    swipesForward: insights.navigationActions.SWIPE_FORWARD ?? null,
  };
}

/**
 * Reads the account's live stories and each one's insights now, stores them, and closes the
 * stories whose 24 h have passed with their last read's figures. Answers the live stories'
 * expiry times (the job schedules a last read just before each).
 */
export async function readStoriesNow(
  ctx: InstagramContext,
  connection: InstagramConnectionRow,
): Promise<{ read: number; closed: number; expiries: Array<{ igMediaId: string; at: Date }> }> {
  const scope = { workspaceId: connection.workspaceId, accountId: connection.instagramId };
  const client = accountClientFor(ctx, connection);
  const capturedAt = dateOf(ctx.now);
  const page = await client.listStories(storyFields);
  const expiries: Array<{ igMediaId: string; at: Date }> = [];
  for (const story of page.data) {
    if (!story.timestamp) continue;
    const postedAt = new Date(story.timestamp);
    const expiresAt = new Date(postedAt.getTime() + STORY_LIFETIME_MS);
    let insights: StoryInsights | null = null;
    if (hasCapability(connection, "insights")) {
      try {
        insights = await client.getStoryInsights(story.id);
      } catch (error) {
        // Code 10: too few viewers to show insights; the story is still kept.
        if (!isGraphApiError(error) || error.code !== 10) throw error;
      }
    }
    await storeStoryRead(
      ctx.db,
      scope,
      {
        igMediaId: story.id,
        mediaType: story.media_type ?? null,
        caption: story.caption ?? null,
        permalink: story.permalink ?? null,
        thumbnailUrl: story.thumbnail_url ?? story.media_url ?? null,
        postedAt,
        expiresAt,
        figures: insights ? figuresOf(insights) : null,
      },
      capturedAt,
    );
    expiries.push({ igMediaId: story.id, at: expiresAt });
  }
  const closed = await closeExpiredStories(ctx.db, scope, capturedAt);
  return { read: page.data.length, closed, expiries };
}

/** A webhook figure: -1 means below Instagram's privacy threshold, stored as no value. */
function figure(value: number | undefined): number | null {
  return value === undefined || value < 0 ? null : value;
}

/**
 * A `story_insights` change for one connection: the story's final figures, stored once however
 * often or in whatever order Meta delivers (applyStoryInsightsWebhook keys on the entry's time).
 */
export async function storeStoryInsightsChange(
  ctx: InstagramContext,
  connection: InstagramConnectionRow,
  value: StoryInsightsChangeValue,
  at: Date,
): Promise<boolean> {
  return applyStoryInsightsWebhook(
    ctx.db,
    { workspaceId: connection.workspaceId, accountId: connection.instagramId },
    value.media_id,
    at,
    {
      impressions: figure(value.impressions),
      reach: figure(value.reach),
      tapsForward: figure(value.taps_forward),
      tapsBack: figure(value.taps_back),
      exits: figure(value.exits),
      replies: figure(value.replies),
    },
  );
}
