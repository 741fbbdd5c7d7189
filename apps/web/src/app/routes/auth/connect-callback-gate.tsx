import { CONNECT_LINK_STATE_PREFIX } from "@sightline/contracts";
import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { PageLoading } from "../../../components/feedback/page-loading.tsx";
import { paths } from "../../../config/paths.ts";

const ConnectLinkCallback = lazy(async () => ({
  default: (await import("../../../features/instagram/components/connect-link-landing.tsx"))
    .ConnectLinkCallback,
}));

/**
 * Meta returns to the same callbacks for a member's connection and for a connect link's visitor
 * (the registered redirect URIs). A link's state says so by its prefix: that one finishes without
 * a session; any other goes on to the signed-in callback (the child routes). Loaded with the
 * callback pages only, so the app's first load carries no contracts.
 */
export default function ConnectCallbackGate() {
  const { pathname, search } = useLocation();
  const state = new URLSearchParams(search).get("state") ?? "";
  if (!state.startsWith(CONNECT_LINK_STATE_PREFIX)) return <Outlet />;
  return (
    <Suspense fallback={<PageLoading />}>
      <ConnectLinkCallback login={pathname === paths.facebookCallback ? "facebook" : "instagram"} />
    </Suspense>
  );
}
