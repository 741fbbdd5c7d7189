import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import { inboxQueryKey } from "./inbox-query-key.ts";

/** GET /api/inbox/conversations: DM threads and commented posts, newest first. */
export const listInboxConversations = (limit: number) =>
  unwrap(api.inbox.conversations.$get({ query: { limit: String(limit) } }));

export type InboxConversationPage = SuccessData<
  Awaited<ReturnType<typeof api.inbox.conversations.$get>>
>;

export const inboxConversationsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: [...inboxQueryKey, "conversations", { limit }] as const,
    queryFn: () => listInboxConversations(limit),
  });

export const useInboxConversations = (limit: number) =>
  useQuery(inboxConversationsQueryOptions(limit));
