import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import { useRealtimeEvent, useRealtimeOpen } from "../../../lib/realtime/use-realtime-event.ts";

/*
 * The Reviews page (decision 037 addendum): the posts sent for approval, waiting ones first, then
 * recent decisions, each as it will look.
 */

export type ReviewQueue = SuccessData<Awaited<ReturnType<typeof api.approvals.reviews.$get>>>;
export type ReviewQueuePost = ReviewQueue["posts"][number];

export const reviewsQueryKey = ["approvals", "reviews"] as const;

/** GET /api/approvals/reviews */
export const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: reviewsQueryKey,
    queryFn: () => unwrap(api.approvals.reviews.$get()),
  });

/** The queue, read again when a post changes (sent, decided, edited) or the stream reconnects. */
export function useReviews() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: reviewsQueryKey });
  useRealtimeEvent("scheduled-posts:updated", refresh);
  useRealtimeOpen(refresh);
  return useQuery(reviewsQueryOptions());
}
