import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

/** The JSON answer (the same route answers `format=csv` with the file, downloaded by a link). */
type AuditPage = Exclude<
  SuccessData<Awaited<ReturnType<typeof api.workspaces.current.audit.$get>>>,
  string
>;

/** GET /api/workspaces/current/audit: 50 events a page, newest first; `before` pages back. */
export const listAuditEvents = (action: string, before?: number) =>
  unwrap(
    api.workspaces.current.audit.$get({
      query: {
        ...(action ? { action } : {}),
        ...(before === undefined ? {} : { before: String(before) }),
      },
    }),
  ) as Promise<AuditPage>;

/** Every filter's pages: a change to the team invalidates them all. */
export const auditQueryKey = ["workspaces", "current", "audit"] as const;

export const auditEventsQueryOptions = (action: string) =>
  infiniteQueryOptions({
    queryKey: [...auditQueryKey, action] as const,
    queryFn: ({ pageParam }) => listAuditEvents(action, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

export const useAuditEvents = (action: string) => useInfiniteQuery(auditEventsQueryOptions(action));
