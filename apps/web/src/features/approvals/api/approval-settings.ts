import type { ApprovalSettingsInput } from "@sightline/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

export const approvalSettingsQueryKey = ["approvals", "settings"] as const;

/** GET /api/approvals/settings: whether the open account's posts need approval. */
export const approvalSettingsQueryOptions = () =>
  queryOptions({
    queryKey: approvalSettingsQueryKey,
    queryFn: () => unwrap(api.approvals.settings.$get()),
    staleTime: 30_000,
  });

export const useApprovalSettings = (enabled = true) =>
  useQuery({ ...approvalSettingsQueryOptions(), enabled });

/** PUT /api/approvals/settings (owners and admins). */
export function useSaveApprovalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalSettingsInput) =>
      unwrap(api.approvals.settings.$put({ json: body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalSettingsQueryKey }),
  });
}
