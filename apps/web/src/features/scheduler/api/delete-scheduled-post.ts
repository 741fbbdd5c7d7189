import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { calendarQueryKey } from "./list-calendar-posts.ts";

/** DELETE /api/scheduled-posts/:id: removes a post that has not gone out. */
export const deleteScheduledPost = (id: string) =>
  unwrap(api["scheduled-posts"][":id"].$delete({ param: { id } }));

export function useDeleteScheduledPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScheduledPost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
