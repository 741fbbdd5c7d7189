import type { InboxLabel, InboxLabelColor } from "@sightline/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { inboxQueryKey } from "./inbox-query-key.ts";

/*
 * Conversation labels: the workspace's labels (GET, POST, PATCH, DELETE /api/inbox/labels) and
 * one conversation's (PUT /api/inbox/conversations/:kind/:id/labels). Every change refreshes the
 * inbox's queries: the list shows labels and filters by them.
 */

export const labelsQueryOptions = () =>
  queryOptions({
    queryKey: [...inboxQueryKey, "labels"] as const,
    queryFn: (): Promise<{ items: InboxLabel[] }> => unwrap(api.inbox.labels.$get()),
  });

export const useInboxLabels = (enabled = true) => useQuery({ ...labelsQueryOptions(), enabled });

function useLabelMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxQueryKey }),
  });
}

export const useCreateLabel = () =>
  useLabelMutation(
    (input: { name: string; color: InboxLabelColor }): Promise<InboxLabel> =>
      unwrap(api.inbox.labels.$post({ json: input })),
  );

export const useUpdateLabel = () =>
  useLabelMutation(({ id, ...input }: { id: string; name?: string; color?: InboxLabelColor }) =>
    unwrap(api.inbox.labels[":id"].$patch({ param: { id }, json: input })),
  );

export const useDeleteLabel = () =>
  useLabelMutation((id: string) => unwrap(api.inbox.labels[":id"].$delete({ param: { id } })));

export const useSetConversationLabels = () =>
  useLabelMutation((input: { kind: "dm" | "comments"; id: string; labelIds: string[] }) =>
    unwrap(
      api.inbox.conversations[":kind"][":id"].labels.$put({
        param: { kind: input.kind, id: input.id },
        json: { labelIds: input.labelIds },
      }),
    ),
  );

/** Each colour's chip: a tinted background with text that reads on it (AA contrast). */
export const labelChipClass: Record<InboxLabelColor, string> = {
  slate: "bg-slate-100 text-slate-800 ring-slate-300",
  red: "bg-red-50 text-red-800 ring-red-200",
  amber: "bg-amber-50 text-amber-900 ring-amber-200",
  green: "bg-green-50 text-green-800 ring-green-200",
  teal: "bg-teal-50 text-teal-800 ring-teal-200",
  blue: "bg-blue-50 text-blue-800 ring-blue-200",
  violet: "bg-violet-50 text-violet-800 ring-violet-200",
  pink: "bg-pink-50 text-pink-800 ring-pink-200",
};

export const labelDotClass: Record<InboxLabelColor, string> = {
  slate: "bg-slate-500",
  red: "bg-red-500",
  amber: "bg-amber-500",
  green: "bg-green-600",
  teal: "bg-teal-600",
  blue: "bg-blue-600",
  violet: "bg-violet-600",
  pink: "bg-pink-600",
};
