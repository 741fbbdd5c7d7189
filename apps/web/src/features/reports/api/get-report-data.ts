import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import { reportsKey } from "./list-reports.ts";

export type ReportPeriodChoice = { from: string; to: string } | null;

const periodQuery = (period: ReportPeriodChoice) =>
  period ? { from: period.from, to: period.to } : {};

/** GET /api/reports/:id/data: the report's figures for its last period, or a chosen one. */
export const getReportData = (id: string, period: ReportPeriodChoice) =>
  unwrap(api.reports[":id"].data.$get({ param: { id }, query: periodQuery(period) }));
export type ReportData = SuccessData<
  Awaited<ReturnType<(typeof api.reports)[":id"]["data"]["$get"]>>
>;
export type ReportAccountData = ReportData["accounts"][number];

export const reportDataQueryOptions = (id: string, period: ReportPeriodChoice) =>
  queryOptions({
    queryKey: [...reportsKey, id, "data", period] as const,
    queryFn: () => getReportData(id, period),
    placeholderData: keepPreviousData,
  });

export const useReportData = (id: string, period: ReportPeriodChoice) =>
  useQuery(reportDataQueryOptions(id, period));
