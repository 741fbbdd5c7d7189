import type { MentionSentiment } from "@sightline/contracts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import { pressRadarQueryKey } from "./press-radar-keys.ts";

export type MentionFilters = {
  sourceId?: string | undefined;
  keywordId?: string | undefined;
  sentiment?: MentionSentiment | undefined;
};

/** GET /api/press-radar/mentions: newest first, filtered, by cursor. */
export const listPressMentions = (filters: MentionFilters, cursor?: string) =>
  unwrap(
    api["press-radar"].mentions.$get({
      query: {
        ...(filters.sourceId ? { sourceId: filters.sourceId } : {}),
        ...(filters.keywordId ? { keywordId: filters.keywordId } : {}),
        ...(filters.sentiment ? { sentiment: filters.sentiment } : {}),
        ...(cursor ? { cursor } : {}),
      },
    }),
  );

export type PressMentionPage = SuccessData<
  Awaited<ReturnType<(typeof api)["press-radar"]["mentions"]["$get"]>>
>;
export type PressMention = PressMentionPage["items"][number];

export const pressMentionsQueryOptions = (filters: MentionFilters) =>
  infiniteQueryOptions({
    queryKey: [...pressRadarQueryKey, "mentions", filters] as const,
    queryFn: ({ pageParam }) => listPressMentions(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const usePressMentions = (filters: MentionFilters) =>
  useInfiniteQuery(pressMentionsQueryOptions(filters));
