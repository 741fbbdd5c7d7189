import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { calendarQueryKey } from "./list-calendar-posts.ts";

/** POST /api/content-calendar/posts/:id/duplicate: a draft copy of the post. */
export const duplicatePost = (id: string) =>
  unwrap(api["content-calendar"].posts[":id"].duplicate.$post({ param: { id } }));

export function useDuplicatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicatePost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
