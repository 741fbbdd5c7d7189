import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { calendarQueryKey } from "./list-calendar-posts.ts";

/*
 * Comments between members on a post (decision 042): the thread in the content scheduler's
 * panel, and each post's comment count on the calendar.
 */

export const postCommentsKey = (postId: string) =>
  [...calendarQueryKey, "comments", postId] as const;
export const commentCountsKey = [...calendarQueryKey, "comment-counts"] as const;

/** GET /api/post-comments/:postId */
export const postCommentsQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: postCommentsKey(postId),
    queryFn: () => unwrap(api["post-comments"][":postId"].$get({ param: { postId } })),
  });

export const usePostComments = (postId: string) => useQuery(postCommentsQueryOptions(postId));

/** GET /api/post-comments/counts: post id → number of comments (members who read posts). */
export const useCommentCounts = (enabled: boolean) =>
  useQuery({
    queryKey: commentCountsKey,
    queryFn: () => unwrap(api["post-comments"].counts.$get()),
    enabled,
    select: (data) => data.counts,
  });

function useRefresh(postId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: postCommentsKey(postId) }),
      queryClient.invalidateQueries({ queryKey: commentCountsKey }),
    ]);
}

/** POST /api/post-comments/:postId (a reply names its thread's comment) */
export function useAddComment(postId: string) {
  const refresh = useRefresh(postId);
  return useMutation({
    mutationFn: (input: { body: string; mentions: string[]; parentId?: string }) =>
      unwrap(
        api["post-comments"][":postId"].$post({
          param: { postId },
          json: {
            body: input.body,
            mentions: input.mentions,
            ...(input.parentId ? { parent_id: input.parentId } : {}),
          },
        }),
      ),
    onSettled: refresh,
  });
}

/** PATCH /api/post-comments/:postId/:id (one's own comment) */
export function useEditComment(postId: string) {
  const refresh = useRefresh(postId);
  return useMutation({
    mutationFn: (input: { id: string; body: string; mentions: string[] }) =>
      unwrap(
        api["post-comments"][":postId"][":id"].$patch({
          param: { postId, id: input.id },
          json: { body: input.body, mentions: input.mentions },
        }),
      ),
    onSettled: refresh,
  });
}

/** DELETE /api/post-comments/:postId/:id (with its replies) */
export function useDeleteComment(postId: string) {
  const refresh = useRefresh(postId);
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api["post-comments"][":postId"][":id"].$delete({ param: { postId, id } })),
    onSettled: refresh,
  });
}
