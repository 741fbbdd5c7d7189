import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { reportsKey } from "./list-reports.ts";

/** POST /api/reports/:id/sendings/:sendingId/retry: a failed sending is tried again now. */
export const useRetrySending = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sendingId: string) =>
      unwrap(api.reports[":id"].sendings[":sendingId"].retry.$post({ param: { id, sendingId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...reportsKey, id] }),
  });
};
