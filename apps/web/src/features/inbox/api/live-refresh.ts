import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { inboxQueryKey } from "./inbox-query-key.ts";

/** What a live event names: the posts with new comments and the threads with new messages. */
export interface InboxNews {
  mediaIds?: readonly string[];
  conversationIds?: readonly string[];
}

const ids = (list: unknown, one: unknown): string[] | undefined => {
  if (Array.isArray(list)) return list.filter((id): id is string => typeof id === "string");
  return typeof one === "string" ? [one] : undefined;
};

/**
 * The posts and threads an `instagram-comment:created` or `ig-message` event names (`mediaIds`,
 * `conversationIds`, or one `mediaId` / `conversationId`); undefined when it names none (a full
 * sync's count), which means "anything may have changed".
 */
export function inboxNewsOf(data: unknown): InboxNews | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const record = data as Record<string, unknown>;
  const mediaIds = ids(record.mediaIds, record.mediaId);
  const conversationIds = ids(record.conversationIds, record.conversationId);
  if (!mediaIds && !conversationIds) return undefined;
  return { ...(mediaIds ? { mediaIds } : {}), ...(conversationIds ? { conversationIds } : {}) };
}

/** Live events within this window are one refresh (a comment and a DM of one batch, say). */
export const LIVE_REFRESH_WINDOW_MS = 50;

/**
 * One refresh for the live events of one moment (issue 26 point 5): the bell (`alsoRefresh`) and
 * the conversation list always, and of the open threads only those an event names; every inbox
 * query when an event names nothing or the stream has just (re)connected.
 */
export function createInboxLiveRefresher(queryClient: QueryClient, alsoRefresh: QueryKey[]) {
  let pending: { everything: boolean; threads: QueryKey[] } | undefined;
  const flush = () => {
    const work = pending;
    pending = undefined;
    if (!work) return;
    for (const queryKey of alsoRefresh) void queryClient.invalidateQueries({ queryKey });
    if (work.everything) {
      void queryClient.invalidateQueries({ queryKey: inboxQueryKey });
      return;
    }
    void queryClient.invalidateQueries({ queryKey: [...inboxQueryKey, "conversations"] });
    for (const queryKey of work.threads) void queryClient.invalidateQueries({ queryKey });
  };
  return (news: InboxNews | undefined) => {
    if (!pending) {
      pending = { everything: false, threads: [] };
      setTimeout(flush, LIVE_REFRESH_WINDOW_MS);
    }
    if (!news) {
      pending.everything = true;
      return;
    }
    for (const id of news.mediaIds ?? []) pending.threads.push([...inboxQueryKey, "comments", id]);
    for (const id of news.conversationIds ?? []) pending.threads.push([...inboxQueryKey, "dm", id]);
  };
}
