import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import { calendarQueryKey } from "./list-calendar-posts.ts";

/** GET /api/content-calendar/posts/:id: the whole draft, its files as short-lived URLs. */
export const getCalendarPost = (id: string) =>
  unwrap(api["content-calendar"].posts[":id"].$get({ param: { id } }));

export type CalendarDraft = SuccessData<
  Awaited<ReturnType<(typeof api)["content-calendar"]["posts"][":id"]["$get"]>>
>["post"];

export const calendarPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...calendarQueryKey, "post", id] as const,
    queryFn: () => getCalendarPost(id),
  });

export const useCalendarPost = (id: string | undefined) =>
  useQuery({ ...calendarPostQueryOptions(id ?? ""), enabled: Boolean(id) });
