import {
  type Capability,
  can,
  type PlanId,
  type PlanRequired,
  planRefusal,
  type WorkspaceAction,
  type WorkspaceRole,
} from "@sightline/contracts";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { api, type SuccessData, unwrap } from "./api-client.ts";
import { ApiError } from "./api-error.ts";
import { getOpenWorkspaceId, setOpenWorkspaceId } from "./workspace.ts";

export type WorkspacesOverview = SuccessData<Awaited<ReturnType<typeof api.workspaces.$get>>>;

/**
 * GET /api/workspaces: the open workspace (with the member's role) and all of theirs. An id the
 * server does not know for this user any more (they left, were removed, or another user signed
 * in on this browser) answers 404: it is dropped and the server's choice is taken instead.
 */
export async function getWorkspaces(): Promise<WorkspacesOverview> {
  let overview: WorkspacesOverview;
  try {
    overview = await unwrap(api.workspaces.$get());
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404 && getOpenWorkspaceId())) throw error;
    setOpenWorkspaceId(null);
    overview = await unwrap(api.workspaces.$get());
  }
  setOpenWorkspaceId(overview.current.id);
  return overview;
}

export const workspacesQueryKey = ["workspaces"] as const;

export const workspacesQueryOptions = () =>
  queryOptions({ queryKey: workspacesQueryKey, queryFn: getWorkspaces, staleTime: 60_000 });

export const useWorkspaces = () => useQuery(workspacesQueryOptions());

/**
 * Whether `role` may take `action` (contracts' one table). Unknown (still loading, or the
 * request failed) counts as no: a control appears once the role allows it, never disappears
 * after a click.
 */
export function isAllowed(role: WorkspaceRole | undefined, action: WorkspaceAction): boolean {
  return role !== undefined && can(role, action);
}

/** The signed-in member's role in the open workspace, undefined until known. */
export function useWorkspaceRole(): WorkspaceRole | undefined {
  return useQuery({ ...workspacesQueryOptions(), select: (data) => data.current.role }).data;
}

/** The open workspace's plan in force, undefined until known. */
export function useWorkspacePlan(): PlanId | undefined {
  return useQuery({ ...workspacesQueryOptions(), select: (data) => data.current.plan }).data;
}

/**
 * Why the open workspace's plan refuses `capability` (the Upgrade dialog's detail), or null when
 * it has it. Unknown (still loading) is null too: a lock appears once the plan is known to lack
 * it, and the server refuses either way.
 */
export function usePlanLock(capability: Capability): PlanRequired | null {
  const plan = useWorkspacePlan();
  return plan === undefined ? null : planRefusal(plan, capability);
}

/** POST /api/workspaces/current/open: remembered as the workspace a new session opens. */
export const openWorkspace = () => unwrap(api.workspaces.current.open.$post());

/**
 * Switches this tab to workspace `id`: names it on every request from now on, tells the server,
 * drops every cached answer of the previous workspace and starts again from the dashboard.
 */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (id: string, to = "/dashboard") => {
      setOpenWorkspaceId(id);
      await openWorkspace();
      // Nothing of the previous workspace may show in this one: unused answers go, the ones on
      // screen are emptied and read again.
      queryClient.removeQueries({ type: "inactive" });
      void queryClient.resetQueries();
      navigate(to);
    },
    [queryClient, navigate],
  );
}
