import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import { mentionsQueryKey } from "./mentions-keys.ts";

export type MentionFilters = {
  days: "7" | "28" | "90";
  kind: "all" | "caption" | "comment" | "tag";
};

/** GET /api/mentions: who mentioned or tagged the open account, newest first, by cursor. */
export const listMentions = (filters: MentionFilters, cursor?: string) =>
  unwrap(
    api.mentions.$get({
      query: { days: filters.days, kind: filters.kind, ...(cursor ? { cursor } : {}) },
    }),
  );

export type MentionsPage = SuccessData<Awaited<ReturnType<(typeof api)["mentions"]["$get"]>>>;
export type Mention = MentionsPage["items"][number];

export const mentionsQueryOptions = (filters: MentionFilters) =>
  infiniteQueryOptions({
    queryKey: [...mentionsQueryKey, "list", filters] as const,
    queryFn: ({ pageParam }) => listMentions(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useMentions = (filters: MentionFilters) =>
  useInfiniteQuery(mentionsQueryOptions(filters));
