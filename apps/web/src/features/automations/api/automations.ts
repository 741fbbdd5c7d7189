import type { AutomationRuleInput, InboxLabel } from "@sightline/contracts";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

/** GET /api/automations: the account's rules with counts, the send queue, the templates. */
export const getAutomations = () => unwrap(api.automations.$get());
export type AutomationsOverview = SuccessData<Awaited<ReturnType<typeof api.automations.$get>>>;

const listKey = ["automations"] as const;
const runsKey = ["automations", "runs"] as const;

/** Counts and the queue move as comments arrive: read again every 10 s while open. */
export const useAutomations = () =>
  useQuery({ queryKey: listKey, queryFn: getAutomations, refetchInterval: 10_000 });

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: listKey });
}

/** POST /api/automations (new) or PUT /api/automations/:id (edit). */
export const useSaveAutomation = () => {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, rule }: { id?: string; rule: AutomationRuleInput }) =>
      id
        ? unwrap(api.automations[":id"].$put({ param: { id }, json: rule }))
        : unwrap(api.automations.$post({ json: rule })),
    onSuccess: refresh,
  });
};

/** PATCH /api/automations/:id: on or off. */
export const useToggleAutomation = () => {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      unwrap(api.automations[":id"].$patch({ param: { id }, json: { enabled } })),
    onSuccess: refresh,
  });
};

export const useDeleteAutomation = () => {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.automations[":id"].$delete({ param: { id } })),
    onSuccess: refresh,
  });
};

/** PUT /api/automations/paused: every automation of the account at once. */
export const usePauseAutomations = () => {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (paused: boolean) => unwrap(api.automations.paused.$put({ json: { paused } })),
    onSuccess: refresh,
  });
};

/** GET /api/automations/runs: the run log, newest first, a page at a time. */
export const useAutomationRuns = (ruleId: string | undefined) =>
  useInfiniteQuery({
    queryKey: [...runsKey, ruleId ?? "all"] as const,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.automations.runs.$get({
          query: {
            ...(ruleId ? { rule: ruleId } : {}),
            ...(pageParam ? { before: String(pageParam) } : {}),
            limit: "30",
          },
        }),
      ),
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    refetchInterval: 10_000,
  });

/** POST /api/automations/test: which of the last 50 comments the rule would match. */
export const useTestAutomation = () =>
  useMutation({
    mutationFn: (rule: AutomationRuleInput) => unwrap(api.automations.test.$post({ json: rule })),
  });

/** The account's newest posts, for "on chosen posts" (Post Performance's own list). */
export const useRecentPosts = (enabled: boolean) =>
  useQuery({
    queryKey: ["automations", "recent-posts"] as const,
    queryFn: () => unwrap(api.analytics.posts.$get({ query: { limit: "12" } })),
    enabled,
  });

/** GET /api/inbox/labels: the workspace's conversation labels, for the "label" action. */
export const useLabelOptions = () =>
  useQuery({
    queryKey: ["automations", "labels"] as const,
    queryFn: (): Promise<{ items: InboxLabel[] }> => unwrap(api.inbox.labels.$get()),
  });
