import type { WorkspaceAction, WorkspaceRole } from "@sightline/contracts";
import { createContext, type ReactNode, useContext } from "react";
import { isAllowed, useWorkspaceRole } from "./workspaces.ts";

const RoleContext = createContext<{ role: WorkspaceRole | undefined } | null>(null);

/**
 * The member's role in the open workspace for everything inside the app frame (one cached
 * GET /api/workspaces), read by `useCan`.
 */
export function WorkspaceRoleProvider({ children }: { children: ReactNode }) {
  const role = useWorkspaceRole();
  return <RoleContext.Provider value={{ role }}>{children}</RoleContext.Provider>;
}

/**
 * Whether the member may take `action` in the open workspace (contracts' `can()`): a control the
 * role cannot use is not shown. While the role is loading nothing is hidden (most members may do
 * everything, and a control that appears late makes the page jump under a click); outside the
 * provider (a component rendered on its own, as in component tests) nothing is hidden either. The
 * server checks every request either way.
 */
export function useCan(action: WorkspaceAction): boolean {
  const context = useContext(RoleContext);
  return context === null || context.role === undefined ? true : isAllowed(context.role, action);
}

/**
 * The member's role in the open workspace inside the app frame: undefined while it loads (and
 * outside the provider), when nothing is hidden yet.
 */
export function useFrameRole(): WorkspaceRole | undefined {
  return useContext(RoleContext)?.role;
}
