import type { ApprovalState } from "@sightline/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { calendarQueryKey } from "./list-calendar-posts.ts";

export type PostApproval = { state: ApprovalState; missedSlot: boolean };

/**
 * GET /api/approvals/posts: the posts sent for approval, by id, so the calendar shows each
 * one's review state (decision 037). Under the calendar's key: its refreshes read it again.
 */
export const approvalStatesQueryOptions = () =>
  queryOptions({
    queryKey: [...calendarQueryKey, "approvals"] as const,
    queryFn: async () => {
      const { posts } = await unwrap(api.approvals.posts.$get());
      return new Map<string, PostApproval>(
        posts.map((post) => [
          post.id,
          { state: post.approval_state as ApprovalState, missedSlot: post.missed_slot },
        ]),
      );
    },
  });

export const useApprovalStates = (enabled: boolean) =>
  useQuery({ ...approvalStatesQueryOptions(), enabled });
