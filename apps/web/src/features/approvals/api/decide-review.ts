import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { reviewsQueryKey } from "./list-reviews.ts";

/** POST /api/approvals/posts/:id/decision from the Reviews page (clients and named approvers). */
export function useDecideReview(onDecided?: () => void) {
  const queryClient = useQueryClient();
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
    // The failure is shown beside the buttons, not as a second toast.
    meta: { skipGlobalErrorToast: true },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: reviewsQueryKey });
      onDecided?.();
    },
  });
}
