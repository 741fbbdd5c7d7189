import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { type CalendarPosts, calendarQueryKey } from "./list-calendar-posts.ts";

export interface RescheduleInput {
  id: string;
  scheduledTime: Date;
  timeZone: string;
}

/** PATCH /api/content-calendar/posts/:id: move a post that has not started publishing. */
export const reschedulePost = (input: RescheduleInput) =>
  unwrap(
    api["content-calendar"].posts[":id"].$patch({
      param: { id: input.id },
      json: { scheduled_time: input.scheduledTime.toISOString(), time_zone: input.timeZone },
    }),
  );

/**
 * Moves the post on screen at once and saves it; a refusal puts it back (the global handler
 * shows the server's message) and every calendar range is read again either way.
 */
export function useReschedulePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reschedulePost,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: calendarQueryKey });
      const previous = queryClient.getQueriesData<CalendarPosts>({ queryKey: calendarQueryKey });
      queryClient.setQueriesData<CalendarPosts>(
        { queryKey: [...calendarQueryKey, "range"] },
        (data) =>
          data && "posts" in data
            ? {
                ...data,
                posts: data.posts
                  .map((post) =>
                    post.id === input.id
                      ? {
                          ...post,
                          time: input.scheduledTime.toISOString(),
                          time_zone: input.timeZone,
                        }
                      : post,
                  )
                  .sort((a, b) => a.time.localeCompare(b.time)),
              }
            : data,
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
