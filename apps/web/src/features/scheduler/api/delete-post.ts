import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { calendarQueryKey } from "./list-calendar-posts.ts";

/** DELETE /api/scheduled-posts/:id: removes a draft, scheduled or failed post. */
export const deletePost = (id: string) =>
  unwrap(api["scheduled-posts"][":id"].$delete({ param: { id } }));

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
