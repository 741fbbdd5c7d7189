import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

/** GET /api/settings/exports/latest: the newest export and its progress. */
export const getLatestDataExport = () => unwrap(api.settings.exports.latest.$get());
export type DataExport = NonNullable<
  SuccessData<Awaited<ReturnType<typeof api.settings.exports.latest.$get>>>["export"]
>;

export const latestDataExportQueryOptions = () =>
  queryOptions({
    queryKey: ["settings", "exports", "latest"] as const,
    queryFn: getLatestDataExport,
    // Poll while the export is being built, to show its progress.
    refetchInterval: (query) => {
      const status = query.state.data?.export?.status;
      return status === "pending" || status === "running" ? 1000 : false;
    },
  });

export const useLatestDataExport = () => useQuery(latestDataExportQueryOptions());
