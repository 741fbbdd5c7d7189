import { z } from "zod";

/** Spec §9: comments (and, by our choice, inbound messages) are counted over the last 24 hours. */
export const NOTIFICATION_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Spec §9: notifications refetch every 10 s and are stale after 15 s. */
export const NOTIFICATIONS_REFETCH_MS = 10_000;
export const NOTIFICATIONS_STALE_MS = 15_000;

/**
 * Beyond the spec: "mention" (decision 041), someone mentioned or tagged the account; "approval"
 * (decision 037), reviewers' decisions and posts that missed their slot waiting for approval.
 */
export const notificationTypeSchema = z.enum([
  "message",
  "comment",
  "mention",
  "approval",
  /** Decision 042: a member @mentioned you in a comment on one of the workspace's posts. */
  "comment_mention",
  /** Decision 037 addendum: posts newly sent for approval to you (a Client or a named approver). */
  "review_request",
]);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** Spec §3 Notification: id, type (message or comment), count, latestTimestamp (ISO 8601). */
export const notificationSchema = z.object({
  id: z.string(),
  type: notificationTypeSchema,
  count: z.number().int().positive(),
  latestTimestamp: z.iso.datetime(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * Spec §3 seen-timestamp map: group keys for the bell, next to one key per conversation id.
 * The notification of each group carries the group key as its id.
 */
export const NOTIFICATION_GROUP_KEYS = {
  message: "messages",
  comment: "comments",
  mention: "mentions",
  /** Decision 037: posts that missed their slot waiting for approval, and reviewers' decisions. */
  approval: "approvals",
  /** Decision 042: @mentions of the signed-in member in comments between members. */
  comment_mention: "comment-mentions",
  /** Decision 037 addendum: posts sent for approval to the signed-in reviewer, still waiting. */
  review_request: "review-requests",
} as const;
