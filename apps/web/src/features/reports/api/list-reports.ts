import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

/** GET /api/reports: the reports this member may open, and what the builder offers. */
export const listReports = () => unwrap(api.reports.$get());
export type ReportsOverview = SuccessData<Awaited<ReturnType<typeof api.reports.$get>>>;
export type ReportSummary = ReportsOverview["reports"][number];

export const reportsKey = ["reports"] as const;

export const reportsQueryOptions = () =>
  queryOptions({ queryKey: reportsKey, queryFn: listReports });

export const useReports = () => useQuery(reportsQueryOptions());
