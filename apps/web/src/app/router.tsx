import { lazy } from "react";
import type { RouteObject } from "react-router";
import { PageLoading } from "../components/feedback/page-loading.tsx";
import { RootErrorScreen, RootLayout } from "./layouts/root-layout.tsx";
import { RequireAuth } from "./routes/app/require-auth.tsx";

const LandingPage = lazy(() => import("./routes/marketing/landing-page.tsx"));
const NotFoundPage = lazy(() => import("./routes/not-found-page.tsx"));
const AuthCallbackPage = lazy(() => import("./routes/auth/auth-callback-page.tsx"));
const ResetPasswordPage = lazy(() => import("./routes/auth/reset-password-page.tsx"));
const AppLayout = lazy(() =>
  import("./layouts/app-layout.tsx").then((module) => ({ default: module.AppLayout })),
);
const DashboardPage = lazy(() => import("./routes/app/dashboard-page.tsx"));

/** Every route of the app; pages load on demand behind the layout's 'Loading...' fallback. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootErrorScreen />,
    // Shown while a client-rendered page's lazy route module loads (marketing pages are prerendered).
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, element: <LandingPage /> },
      // Accounts (client-rendered).
      { path: "auth/callback", element: <AuthCallbackPage /> },
      { path: "auth/reset-password", element: <ResetPasswordPage /> },
      // Protected routes: the sign-in guard, then the app layout.
      {
        element: <RequireAuth />,
        children: [
          { element: <AppLayout />, children: [{ path: "dashboard", element: <DashboardPage /> }] },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
