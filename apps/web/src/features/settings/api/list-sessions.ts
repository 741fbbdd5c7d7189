import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

/** GET /api/settings/sessions: the user's active sessions (device, browser, last active). */
export const listSessions = () => unwrap(api.settings.sessions.$get());
export type ActiveSession = SuccessData<
  Awaited<ReturnType<typeof api.settings.sessions.$get>>
>["sessions"][number];

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ["settings", "sessions"] as const, queryFn: listSessions });

export const useSessions = () => useQuery(sessionsQueryOptions());
