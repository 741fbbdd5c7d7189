/**
 * Every inbox query key (conversations, threads) starts with this, so one invalidation refreshes
 * them all (spec §4: closing the notifications popover refreshes conversation data).
 */
export const inboxQueryKey = ["inbox"] as const;

/**
 * The inbox queries a live inbox event refreshes (InboxEventData): the conversation lists and
 * the threads it names (a DM thread by conversation id, a comment thread by post id); an event
 * that names none (a full sync) refreshes them all. Keys as in list-conversations.ts,
 * get-dm-thread.ts and get-comment-thread.ts.
 */
export function inboxQueryKeysToRefresh(data: {
  conversationIds?: unknown;
  mediaIds?: unknown;
}): ReadonlyArray<readonly unknown[]> {
  const ids = (value: unknown) =>
    Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : undefined;
  const conversations = ids(data.conversationIds);
  const posts = ids(data.mediaIds);
  if (conversations === undefined && posts === undefined) return [inboxQueryKey];
  return [
    [...inboxQueryKey, "conversations"],
    ...(conversations ?? []).map((id) => [...inboxQueryKey, "dm", id]),
    ...(posts ?? []).map((id) => [...inboxQueryKey, "comments", id]),
  ];
}
