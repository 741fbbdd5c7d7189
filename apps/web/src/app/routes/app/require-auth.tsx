import { Navigate, Outlet, useLocation } from "react-router";
import { paths } from "../../../config/paths.ts";
import { useSession } from "../../../lib/session/session-provider.tsx";

/**
 * Spec §2: a spinner while the session loads; no user → replace navigation to /. With
 * `returnHere` (a link from an e-mail, such as an invitation) the sign-in dialog opens there and
 * brings the user back to this page once signed in.
 */
export function RequireAuth({ returnHere = false }: { returnHere?: boolean }) {
  const { session, status } = useSession();
  const location = useLocation();
  if (status === "loading") {
    return (
      <div
        role="status"
        aria-label="Loading your session"
        className="flex min-h-screen items-center justify-center"
      >
        <span className="size-8 animate-spin rounded-full border-[3px] border-slate-200 border-t-brand-600" />
      </div>
    );
  }
  if (!session) {
    if (!returnHere) return <Navigate to={paths.home} replace />;
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`${paths.home}?auth=login&next=${encodeURIComponent(next)}`} replace />;
  }
  return <Outlet />;
}
