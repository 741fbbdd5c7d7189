import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { calendarQueryKey } from "./list-calendar-posts.ts";

/** POST /api/content-calendar/posts/:id/cancel: a scheduled post goes back to draft. */
export const cancelPost = (id: string) =>
  unwrap(api["content-calendar"].posts[":id"].cancel.$post({ param: { id } }));

export function useCancelPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
