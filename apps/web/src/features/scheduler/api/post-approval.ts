import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { calendarQueryKey } from "./list-calendar-posts.ts";

/*
 * One post's approval in the content scheduler's panel (decision 037): its state and history,
 * sending it for approval, a review link, and a named approver's decision.
 */

const postApprovalKey = (id: string) => [...calendarQueryKey, "approval", id] as const;

/** GET /api/approvals/posts/:id */
export const postApprovalQueryOptions = (id: string) =>
  queryOptions({
    queryKey: postApprovalKey(id),
    queryFn: () => unwrap(api.approvals.posts[":id"].$get({ param: { id } })),
  });

export const usePostApproval = (id: string | undefined) =>
  useQuery({ ...postApprovalQueryOptions(id ?? ""), enabled: id !== undefined });

function useRefreshCalendar() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: calendarQueryKey });
}

/** POST /api/approvals/posts/:id/submit */
export function useSubmitForApproval() {
  const refresh = useRefreshCalendar();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.approvals.posts[":id"].submit.$post({ param: { id }, json: {} })),
    onSettled: refresh,
  });
}

/** POST /api/approvals/posts/:id/decision (members who review: clients, named approvers) */
export function useDecideApproval() {
  const refresh = useRefreshCalendar();
  return useMutation({
    mutationFn: (input: {
      id: string;
      decision: "approve" | "request_changes";
      comment?: string | undefined;
    }) =>
      unwrap(
        api.approvals.posts[":id"].decision.$post({
          param: { id: input.id },
          json: {
            decision: input.decision,
            ...(input.comment ? { comment: input.comment } : {}),
          },
        }),
      ),
    onSettled: refresh,
  });
}

/** POST /api/approvals/posts/:id/review-links: "Share for review" (the URL is answered once). */
export function useShareForReview() {
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        api.approvals.posts[":id"]["review-links"].$post({ param: { id }, json: { days: 7 } }),
      ),
  });
}
