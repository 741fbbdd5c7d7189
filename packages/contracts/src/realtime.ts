/**
 * The live events a signed-in browser receives on /api/realtime (Server-Sent Events). The names
 * are a contract between the server, which publishes them, and the web app, which turns each
 * into query refreshes; spec §7 names `ig-message` and `scheduled-posts:updated`.
 */
export const realtimeEventTypes = [
  "instagram-connection:updated",
  "ig-message",
  "instagram-comment:created",
  "scheduled-posts:updated",
  "notifications:updated",
  "press-radar:updated",
  "trend-radar:updated",
  "plan:changed",
  "competitors:updated",
  "instagram-mention:created",
  /** Decision 042: a comment between members was written, edited or deleted ({ post_id }). */
  "post-comments:updated",
] as const;

export type RealtimeEventType = (typeof realtimeEventTypes)[number];

/**
 * What a member who may review but not read the workspace (the Client role) is sent: the posts
 * they review changing (ids and statuses only), the comments on them, their bell, the plan.
 * Nothing of the inbox, the radars or the accounts.
 */
export const reviewerRealtimeEventTypes: ReadonlySet<RealtimeEventType> = new Set([
  "scheduled-posts:updated",
  "post-comments:updated",
  "notifications:updated",
  "plan:changed",
]);

export function isRealtimeEventType(value: string): value is RealtimeEventType {
  return (realtimeEventTypes as readonly string[]).includes(value);
}
