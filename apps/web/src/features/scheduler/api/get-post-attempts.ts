import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import { calendarQueryKey } from "./list-calendar-posts.ts";

/** GET /api/scheduled-posts/:id: the post's publishing state and every attempt step. */
export const getPostAttempts = (id: string) =>
  unwrap(api["scheduled-posts"][":id"].$get({ param: { id } }));

export type PostAttempts = SuccessData<
  Awaited<ReturnType<(typeof api)["scheduled-posts"][":id"]["$get"]>>
>;

export const postAttemptsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...calendarQueryKey, "attempts", id] as const,
    queryFn: () => getPostAttempts(id),
  });

export const usePostAttempts = (id: string | undefined) =>
  useQuery({ ...postAttemptsQueryOptions(id ?? ""), enabled: Boolean(id) });
