import type { SandboxCore } from "../core/context.ts";
import { shortcode } from "../core/ids.ts";
import type { Rng } from "../core/prng.ts";
import { DAY_MS } from "../core/time.ts";
import { composeCaption } from "../data/corpus.ts";
import { profileFor } from "../data/generate-world.ts";
import { followersAt, generatePostStats, statsAt } from "../data/stats.ts";
import type { Account, MediaRecord } from "../data/types.ts";

/** A story lives 24 h (§2.1); then `GET /{ig-user-id}/stories` and its insights drop it (§3.2). */
export const STORY_LIFETIME_MS = DAY_MS;

/** Share of live activity events that also post a story (about one an hour at "low"). */
export const LIVE_STORY_CHANCE = 0.025;

/** §3.2 — `navigation`'s `story_navigation_action_type` split, as the insights edge answers it. */
export const NAVIGATION_SHARES = {
  TAP_FORWARD: 0.62,
  TAP_BACK: 0.08,
  TAP_EXIT: 0.18,
  SWIPE_FORWARD: 0.12,
} as const;

/** A story's navigation figures at `views`: the total and each action's part. */
export function storyNavigation(views: number) {
  const total = Math.round(views * 0.9);
  const shares = Object.values(NAVIGATION_SHARES);
  const sum = shares.reduce((a, b) => a + b, 0);
  const parts = Object.fromEntries(
    Object.entries(NAVIGATION_SHARES).map(([key, share]) => [
      key,
      Math.round((total * share) / sum),
    ]),
  ) as Record<keyof typeof NAVIGATION_SHARES, number>;
  return { total, ...parts };
}

/** The account posts a new story now; its insights grow along the story curve while it lives. */
export function liveStory(core: SandboxCore, rng: Rng, account: Account, at: number): MediaRecord {
  const profile = profileFor(account);
  const mediaType = rng.chance(0.4) ? "VIDEO" : "IMAGE";
  const durationMs = mediaType === "VIDEO" ? rng.int(5, 15) * 1000 : undefined;
  const followers = followersAt(account, core.store.dyn.anchorDay, at);
  const story: MediaRecord = {
    id: core.newId("179"),
    accountId: account.igUserId,
    mediaType,
    productType: "STORY",
    caption: composeCaption(rng, profile.voice, "STORY"),
    timestamp: at,
    shortcode: shortcode(rng),
    width: 1080,
    height: 1920,
    commentEnabled: false,
    stats: generatePostStats(rng, profile, "STORY", mediaType, followers, at, durationMs),
    art: rng.int(0, 2 ** 31),
    source: "api",
  };
  if (durationMs !== undefined) story.durationMs = durationMs;
  core.store.addMedia(story);
  return story;
}

function subscribedToStoryInsights(core: SandboxCore, accountId: string): boolean {
  return (
    (core.store.dyn.subscriptions[accountId]?.includes("story_insights") ?? false) &&
    core.store.dyn.subscriptionLogins?.[accountId] === "facebook"
  );
}

/**
 * §6.4 — the `story_insights` change a story's expiry sends ([FB] only), with its final figures
 * in the webhook's legacy names; below the privacy threshold (fewer than 5 views, where the
 * insights edge answers code 10) every figure reads -1.
 */
export function storyInsightsValue(story: MediaRecord, at: number) {
  const stats = statsAt(story, at);
  if (stats.views < 5) {
    return {
      media_id: story.id,
      impressions: -1,
      reach: -1,
      taps_forward: -1,
      taps_back: -1,
      exits: -1,
      replies: -1,
    };
  }
  const navigation = storyNavigation(stats.views);
  return {
    media_id: story.id,
    impressions: stats.views,
    reach: stats.reach,
    taps_forward: navigation.TAP_FORWARD,
    taps_back: navigation.TAP_BACK,
    exits: navigation.TAP_EXIT,
    replies: stats.replies,
  };
}

/**
 * Every story that has reached its 24 h since the last tick is closed once: an account subscribed
 * to `story_insights` (Facebook Login) is sent its final figures, taken at the moment of expiry.
 * A story that ends while its account is not subscribed is closed without a webhook, never later.
 */
export function runStoryExpiries(core: SandboxCore, now: number): number {
  const store = core.store;
  const closed = new Set(store.dyn.closedStories ?? []);
  let sent = 0;
  let changed = false;
  for (const account of store.accounts) {
    for (const story of store.listMedia(account.igUserId, now, { stories: true })) {
      const expiresAt = story.timestamp + STORY_LIFETIME_MS;
      if (expiresAt > now || closed.has(story.id)) continue;
      closed.add(story.id);
      changed = true;
      if (store.dyn.mediaPatches[story.id]?.deleted) continue;
      if (!subscribedToStoryInsights(core, account.igUserId)) continue;
      core.webhooks.send(
        {
          object: "instagram",
          entry: [
            {
              id: account.igUserId,
              time: Math.floor(expiresAt / 1000),
              changes: [{ field: "story_insights", value: storyInsightsValue(story, expiresAt) }],
            },
          ],
        },
        "story_insights",
        "facebook",
      );
      sent += 1;
    }
  }
  if (changed) {
    store.dyn.closedStories = [...closed];
    store.touch();
  }
  return sent;
}
