import { Outlet } from "react-router";
import { SiteFooter } from "../../features/marketing/components/site-footer.tsx";
import { SiteHeader } from "../../features/marketing/components/site-header.tsx";
import { useSignalPageReady } from "../app-tree.tsx";
import { useRouteCodeLoading } from "../routes/declare-routes.tsx";

/** The public site's frame: sticky header, the page, the footer. */
export function MarketingLayout() {
  const loading = useRouteCodeLoading();
  useSignalPageReady();
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <div
        aria-hidden="true"
        className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-gradient-to-r from-brand-600 to-accent-pink transition-transform duration-200 ${
          loading ? "scale-x-75" : "scale-x-0"
        }`}
      />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
