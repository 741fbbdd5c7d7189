import { PageErrorScreen } from "../../../components/feedback/error-screen.tsx";
import { useRouteError } from "../declare-routes.tsx";
import { type AppRoute, lazyPage } from "../lazy-page.ts";

/** Spec §2 protected routes: each inside the sign-in guard and the app layout. */
const appPages = [
  { path: "dashboard", load: () => import("./dashboard-page.tsx") },
  { path: "audience-insights", load: () => import("./audience-insights-page.tsx") },
  { path: "post-performance", load: () => import("./post-performance-page.tsx") },
  { path: "competitors", load: () => import("./competitors-page.tsx") },
  { path: "content-scheduler", load: () => import("./content-scheduler-page.tsx") },
  { path: "reviews", load: () => import("./reviews-page.tsx") },
  { path: "messages", load: () => import("./messages-page.tsx") },
  { path: "mentions", load: () => import("./mentions-page.tsx") },
  { path: "trend-radar", load: () => import("./trend-radar-page.tsx") },
  { path: "press-radar", load: () => import("./press-radar-page.tsx") },
  { path: "settings", load: () => import("./settings-page.tsx") },
  { path: "reports", load: () => import("./reports-page.tsx") },
  { path: "reports/:id", load: () => import("./report-page.tsx") },
];

function PageRouteError() {
  return <PageErrorScreen error={useRouteError()} />;
}

/**
 * A page that fails (rendering, or loading its code) shows the error screen inside the app's
 * frame (house rule 6: an error boundary per route), so the sidebar and header keep working.
 */
export const appPageRoutes: AppRoute[] = appPages.map(({ path, load }) => ({
  path,
  lazy: lazyPage(load),
  errorElement: <PageRouteError />,
}));
