import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { calendarQueryKey } from "./list-calendar-posts.ts";

/** POST /api/content-calendar/posts/:id/publish-now: due now; the worker publishes it once. */
export const publishPostNow = (id: string) =>
  unwrap(api["content-calendar"].posts[":id"]["publish-now"].$post({ param: { id } }));

export function usePublishPostNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishPostNow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
