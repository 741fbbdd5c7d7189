import { Navigate, Outlet } from "react-router";
import { paths } from "../../../config/paths.ts";
import { useSession } from "../../../lib/session/session-provider.tsx";

/** Spec §2: a spinner while the session loads; no user → replace navigation to /. */
export function RequireAuth() {
  const { session, status } = useSession();
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
  if (!session) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
