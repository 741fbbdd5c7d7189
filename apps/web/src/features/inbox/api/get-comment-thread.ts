import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import { inboxQueryKey } from "./inbox-query-key.ts";

/** GET /api/inbox/posts/:id/comments: a post of the account with its comments and replies. */
export const getCommentThread = (id: string) =>
  unwrap(api.inbox.posts[":id"].comments.$get({ param: { id } }));

export type CommentThread = SuccessData<
  Awaited<ReturnType<(typeof api.inbox.posts)[":id"]["comments"]["$get"]>>
>;
export type ThreadComment = CommentThread["comments"][number];

export const commentThreadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...inboxQueryKey, "comments", id] as const,
    queryFn: () => getCommentThread(id),
  });

export const useCommentThread = (id: string) => useQuery(commentThreadQueryOptions(id));
