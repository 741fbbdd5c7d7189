import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

/** GET /api/scheduled-posts: the user's scheduled posts (every status). */
export const listScheduledPosts = () => unwrap(api["scheduled-posts"].$get());

export type ScheduledPostList = SuccessData<
  Awaited<ReturnType<(typeof api)["scheduled-posts"]["$get"]>>
>;
export type ScheduledPost = ScheduledPostList["posts"][number];

export const scheduledPostsQueryKey = ["scheduled-posts"] as const;

export const scheduledPostsQueryOptions = () =>
  queryOptions({ queryKey: scheduledPostsQueryKey, queryFn: listScheduledPosts });

export const useScheduledPosts = () => useQuery(scheduledPostsQueryOptions());
