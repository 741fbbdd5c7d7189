import type { CreateClientReportInput, UpdateClientReportInput } from "@sightline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { reportsKey } from "./list-reports.ts";

/** POST /api/reports (new) or PATCH /api/reports/:id (edit). */
export const useSaveReport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { id: string; report: UpdateClientReportInput } | { report: CreateClientReportInput },
    ) =>
      "id" in input
        ? unwrap(api.reports[":id"].$patch({ param: { id: input.id }, json: input.report }))
        : unwrap(api.reports.$post({ json: input.report })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
};
