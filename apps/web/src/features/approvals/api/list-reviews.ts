import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

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
    // A Client has no live stream: new posts sent to them show within the bell's own period.
    refetchInterval: 30_000,
  });

export const useReviews = () => useQuery(reviewsQueryOptions());
