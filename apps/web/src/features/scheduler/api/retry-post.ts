import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { calendarQueryKey } from "./list-calendar-posts.ts";

/** POST /api/scheduled-posts/:id/retry: a failed post goes back in line. */
export const retryPost = (id: string) =>
  unwrap(api["scheduled-posts"][":id"].retry.$post({ param: { id } }));

export function useRetryPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
