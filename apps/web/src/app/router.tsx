import { type RouteObject, useRouteError } from "react-router";
import { PageErrorScreen } from "../components/feedback/error-screen.tsx";
import { PageLoading } from "../components/feedback/page-loading.tsx";
import { RootErrorScreen, RootLayout } from "./layouts/root-layout.tsx";
import { RequireAuth } from "./routes/app/require-auth.tsx";
import { lazyPage } from "./routes/lazy-page.ts";
import { marketingRoutes } from "./routes/marketing/routes.tsx";

/** Spec §2 protected routes: each inside the sign-in guard and the app layout. */
const appPages = [
  { path: "dashboard", load: () => import("./routes/app/dashboard-page.tsx") },
  { path: "audience-insights", load: () => import("./routes/app/audience-insights-page.tsx") },
  { path: "post-performance", load: () => import("./routes/app/post-performance-page.tsx") },
  { path: "content-scheduler", load: () => import("./routes/app/content-scheduler-page.tsx") },
  { path: "messages", load: () => import("./routes/app/messages-page.tsx") },
  { path: "trend-radar", load: () => import("./routes/app/trend-radar-page.tsx") },
  { path: "press-radar", load: () => import("./routes/app/press-radar-page.tsx") },
  { path: "settings", load: () => import("./routes/app/settings-page.tsx") },
];

function PageRouteError() {
  return <PageErrorScreen error={useRouteError()} />;
}

/** Every route of the app; pages load on demand behind the layout's 'Loading...' fallback. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootErrorScreen />,
    // Shown while a client-rendered page's lazy route module loads (marketing pages are prerendered).
    hydrateFallbackElement: <PageLoading />,
    children: [
      // The public site (prerendered; see routes/marketing/routes.tsx).
      ...marketingRoutes,
      // Accounts (client-rendered).
      {
        path: "auth/callback",
        lazy: lazyPage(() => import("./routes/auth/auth-callback-page.tsx")),
      },
      {
        path: "auth/reset-password",
        lazy: lazyPage(() => import("./routes/auth/reset-password-page.tsx")),
      },
      // Protected routes: the sign-in guard, then the app layout.
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: lazyPage(() => import("./layouts/app-layout.tsx")),
            children: appPages.map(({ path, load }) => ({
              path,
              lazy: lazyPage(load),
              // A page that fails (render or loading its code) shows the error screen inside the
              // app's frame: the sidebar and header keep working.
              errorElement: <PageRouteError />,
            })),
          },
        ],
      },
      { path: "*", lazy: lazyPage(() => import("./routes/not-found-page.tsx")) },
    ],
  },
];
