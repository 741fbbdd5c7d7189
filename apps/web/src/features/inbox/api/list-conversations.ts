import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import { inboxQueryKey } from "./inbox-query-key.ts";

export type InboxFilter = "all" | "dm" | "comments" | "unread" | "needs_reply";

/** GET /api/inbox/conversations: one keyset page of the unified list, newest first. */
export const listConversations = (
  filter: InboxFilter,
  q: string,
  cursor?: string,
  label?: string | null,
) =>
  unwrap(
    api.inbox.conversations.$get({
      query: {
        filter,
        limit: "50",
        ...(q ? { q } : {}),
        ...(label ? { label } : {}),
        ...(cursor ? { cursor } : {}),
      },
    }),
  );

export type ConversationPage = SuccessData<
  Awaited<ReturnType<typeof api.inbox.conversations.$get>>
>;
export type Conversation = ConversationPage["items"][number];

export const conversationsQueryOptions = (
  filter: InboxFilter,
  q: string,
  label: string | null = null,
) =>
  infiniteQueryOptions({
    queryKey: [...inboxQueryKey, "conversations", filter, q, label] as const,
    queryFn: ({ pageParam }) => listConversations(filter, q, pageParam, label),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useConversations = (filter: InboxFilter, q: string, label: string | null = null) =>
  useInfiniteQuery(conversationsQueryOptions(filter, q, label));
