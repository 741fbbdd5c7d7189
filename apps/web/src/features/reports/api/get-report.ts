import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { reportsKey } from "./list-reports.ts";

/** GET /api/reports/:id: the report's settings and its sendings (members who build them). */
export const getReport = (id: string) => unwrap(api.reports[":id"].$get({ param: { id } }));

export const reportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...reportsKey, id] as const,
    queryFn: () => getReport(id),
    // A sending in progress or failed moves on its own (the hourly job, a retry).
    refetchInterval: (query) =>
      query.state.data?.sendings.some((sending) => sending.status === "sending") ? 5_000 : false,
  });

export const useReport = (id: string) => useQuery(reportQueryOptions(id));
