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
] as const;

export type RealtimeEventType = (typeof realtimeEventTypes)[number];

/**
 * What an inbox event carries. New inbox rows are announced with one event per user per webhook
 * batch (or per sync): `ig-message` when inbound messages arrived (comments may have too), else
 * `instagram-comment:created`; never a second event for the same rows (issue 26). The browser
 * refreshes the conversation list and the notifications, and of the threads only those named
 * here (DM threads by conversation id, comment threads by media id); an event that names none
 * (a full sync) refreshes every inbox query.
 */
export interface InboxEventData {
  /** New inbound messages and new comments. */
  messages?: number;
  comments?: number;
  conversationIds?: string[];
  mediaIds?: string[];
}

export function isRealtimeEventType(value: string): value is RealtimeEventType {
  return (realtimeEventTypes as readonly string[]).includes(value);
}
