import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

type AuditPage = SuccessData<Awaited<ReturnType<typeof api.workspaces.current.audit.$get>>>;

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

export const auditEventsQueryOptions = (action: string) =>
  infiniteQueryOptions({
    queryKey: ["workspaces", "current", "audit", action] as const,
    queryFn: ({ pageParam }) => listAuditEvents(action, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

export const useAuditEvents = (action: string) =>
  useInfiniteQuery(auditEventsQueryOptions(action));
