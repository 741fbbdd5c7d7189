import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { inboxQueryKey } from "./inbox-query-key.ts";

/** GET /api/inbox/conversations/:id: whether a deep-linked id is a DM thread or a post. */
export const findConversation = (id: string) =>
  unwrap(api.inbox.conversations[":id"].$get({ param: { id } }));

export const findConversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...inboxQueryKey, "find", id] as const,
    queryFn: () => findConversation(id),
    retry: false,
  });

export const useFindConversation = (id: string | null) =>
  useQuery({ ...findConversationQueryOptions(id ?? ""), enabled: id !== null });
