import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import { inboxQueryKey } from "./inbox-query-key.ts";

/** GET /api/inbox/conversations/:id/messages: a DM thread, oldest first, with its window. */
export const getDmThread = (id: string) =>
  unwrap(api.inbox.conversations[":id"].messages.$get({ param: { id } }));

export type DmThread = SuccessData<
  Awaited<ReturnType<(typeof api.inbox.conversations)[":id"]["messages"]["$get"]>>
>;
export type DmMessage = DmThread["messages"][number];

export const dmThreadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...inboxQueryKey, "dm", id] as const,
    queryFn: () => getDmThread(id),
  });

export const useDmThread = (id: string) => useQuery(dmThreadQueryOptions(id));
