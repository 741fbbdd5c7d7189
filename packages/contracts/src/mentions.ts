import { z } from "zod";

/**
 * Mentions and tags (issue 34 point 2, decision 041): who @mentioned the account in a caption or a
 * comment, and who tagged it in a post, in one list.
 */
export const mentionKinds = ["caption", "comment", "tag"] as const;
export type MentionKind = (typeof mentionKinds)[number];

/** An author with at least this many followers is a large account: their mention is highlighted. */
export const LARGE_ACCOUNT_FOLLOWERS = 10_000;

export const mentionPeriods = ["7", "28", "90"] as const;

export const listIgMentionsQuerySchema = z.object({
  days: z.enum(mentionPeriods, "Choose 7, 28 or 90 days.").default("7"),
  kind: z.enum(["all", ...mentionKinds], "Choose all, caption, comment or tag.").default("all"),
  cursor: z.string().max(200, "This cursor is not one the list gave.").optional(),
  limit: z.coerce
    .number("The limit is a number.")
    .int("The limit is a whole number.")
    .min(1, "Ask for at least 1 mention.")
    .max(100, "Ask for at most 100 mentions.")
    .default(50),
});
export type ListIgMentionsQuery = z.input<typeof listIgMentionsQuerySchema>;

export type MentionItem = {
  id: string;
  kind: MentionKind;
  author_username: string | null;
  /** The post's owner (differs from the author for a comment mention). */
  media_owner_username: string | null;
  text: string | null;
  caption: string | null;
  media_type: string | null;
  permalink: string | null;
  media_url: string | null;
  /** Instagram's counts for the post; null where Instagram gives none (hidden likes). */
  like_count: number | null;
  comments_count: number | null;
  /** The author's followers from Business Discovery; null where Instagram does not give it. */
  author_followers: number | null;
  is_large_account: boolean;
  mentioned_at: string;
  replied_at: string | null;
  /** Instagram lets the account reply to caption and comment mentions, not to tags. */
  can_reply: boolean;
};
