import { z } from "zod";
import { graphIdSchema } from "./common.ts";

/**
 * §6.4 — value of a `story_insights` change ([FB] only), sent when a story expires with its
 * final figures in the webhook's legacy names. A figure below the privacy threshold reads -1.
 */
export const storyInsightsChangeValueSchema = z.object({
  media_id: graphIdSchema,
  impressions: z.number().optional(),
  reach: z.number().optional(),
  taps_forward: z.number().optional(),
  taps_back: z.number().optional(),
  exits: z.number().optional(),
  replies: z.number().optional(),
});
export type StoryInsightsChangeValue = z.infer<typeof storyInsightsChangeValueSchema>;

/** §3.2 — the breakdown values of a story's `navigation`. */
export const storyNavigationActions = [
  "TAP_FORWARD",
  "TAP_BACK",
  "TAP_EXIT",
  "SWIPE_FORWARD",
] as const;
export type StoryNavigationAction = (typeof storyNavigationActions)[number];

/**
 * A live story's insights as Instagram answered them; null where it gave no value. `navigation`
 * is the total of the actions, `navigationActions` its `story_navigation_action_type` parts.
 */
export type StoryInsights = {
  reach: number | null;
  views: number | null;
  replies: number | null;
  shares: number | null;
  follows: number | null;
  profileVisits: number | null;
  totalInteractions: number | null;
  navigation: number | null;
  navigationActions: Partial<Record<StoryNavigationAction, number>>;
};
