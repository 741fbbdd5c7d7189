import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { latestDataExportQueryOptions } from "./get-latest-data-export.ts";

/** POST /api/settings/exports: builds the zip in the background. */
export const startDataExport = () => unwrap(api.settings.exports.$post());

export function useStartDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDataExport,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: latestDataExportQueryOptions().queryKey }),
  });
}
