import type { PostType, ScheduledPostStatus } from "@sightline/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

export interface CalendarFilter {
  from: string;
  to: string;
  status?: ScheduledPostStatus;
  type?: PostType;
}

/** Every key of the content calendar starts with this (realtime refreshes invalidate it). */
export const calendarQueryKey = ["content-calendar"] as const;

/** GET /api/content-calendar: the user's posts in a range, made here and synced from Instagram. */
export const listCalendarPosts = (filter: CalendarFilter) =>
  unwrap(
    api["content-calendar"].$get({
      query: {
        from: filter.from,
        to: filter.to,
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.type ? { type: filter.type } : {}),
      },
    }),
  );

export type CalendarPosts = SuccessData<
  Awaited<ReturnType<(typeof api)["content-calendar"]["$get"]>>
>;
export type CalendarPost = CalendarPosts["posts"][number];

export const calendarPostsQueryOptions = (filter: CalendarFilter) =>
  queryOptions({
    queryKey: [...calendarQueryKey, "range", filter] as const,
    queryFn: () => listCalendarPosts(filter),
    placeholderData: keepPreviousData,
  });

export const useCalendarPosts = (filter: CalendarFilter) =>
  useQuery(calendarPostsQueryOptions(filter));
