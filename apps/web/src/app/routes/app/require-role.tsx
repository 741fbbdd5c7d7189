import { Navigate, Outlet, useLocation } from "react-router";
import { homePathFor, isNavItemOpen, navItemForPath } from "../../../config/nav.ts";
import { useFrameRole } from "../../../lib/workspace-role.tsx";

/**
 * A page the member's role cannot open (the sidebar's own rule, config/nav.ts) sends them to the
 * first page it can: a Client who signs in, or follows an old link, lands on Reviews instead of a
 * dashboard whose every answer would be a 403. While the role loads the page renders, as `useCan`
 * hides nothing then; the server refuses either way.
 */
export function RequireRole() {
  const role = useFrameRole();
  const { pathname } = useLocation();
  const item = navItemForPath(pathname);
  if (item && !isNavItemOpen(item, role)) return <Navigate to={homePathFor(role)} replace />;
  return <Outlet />;
}
