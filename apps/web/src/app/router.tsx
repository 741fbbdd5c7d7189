import { paths } from "../config/paths.ts";
import { isNarrowScreen, loadDrawer } from "./layouts/app-drawer-loader.ts";
import { RootErrorScreen, RootLayout } from "./layouts/root-layout.tsx";
import { appPageRoutes } from "./routes/app/app-page-routes.tsx";
import { RequireAuth } from "./routes/app/require-auth.tsx";
import { RequireRole } from "./routes/app/require-role.tsx";
import { routesComponent } from "./routes/declare-routes.tsx";
import { type AppRoute, lazyPage } from "./routes/lazy-page.ts";
import { marketingRoutes } from "./routes/marketing/routes.tsx";

/** Every route of the app; pages load on demand behind the layout's 'Loading...' fallback. */
export const routes: AppRoute[] = [
  {
    element: <RootLayout />,
    errorElement: <RootErrorScreen />,
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
      // Protected routes: the sign-in guard, server state, then the app layout.
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: lazyPage(() => import("./layouts/server-state-layout.tsx")),
            children: [
              {
                // On a phone the sidebar's drawer comes with the layout, in parallel.
                lazy: lazyPage(async () => {
                  const [layout] = await Promise.all([
                    import("./layouts/app-layout.tsx"),
                    isNarrowScreen() ? loadDrawer() : undefined,
                  ]);
                  return layout;
                }),
                // Each page only for a role that may open it (a Client lands on Reviews).
                children: [{ element: <RequireRole />, children: appPageRoutes }],
              },
            ],
          },
        ],
      },
      // Spec §2 lists the Instagram callbacks as public. A connect link's visitor finishes there
      // without a session (the gate); a member's connection needs the signed-in session, so it
      // goes on behind the same guard, outside the app layout.
      ...[
        {
          path: paths.instagramCallback,
          page: () => import("./routes/auth/instagram-callback-page.tsx"),
        },
        {
          path: paths.facebookCallback,
          page: () => import("./routes/auth/facebook-callback-page.tsx"),
        },
      ].map(({ path, page }) => ({
        path: path.slice(1),
        lazy: lazyPage(() => import("./routes/auth/connect-callback-gate.tsx")),
        children: [
          {
            element: <RequireAuth />,
            children: [
              {
                lazy: lazyPage(() => import("./layouts/server-state-layout.tsx")),
                children: [{ index: true, lazy: lazyPage(page) }],
              },
            ],
          },
        ],
      })),
      // A connect link's page: public (its visitor has no Sightline account), with server state.
      {
        lazy: lazyPage(() => import("./layouts/server-state-layout.tsx")),
        children: [
          {
            path: paths.connectLink.slice(1),
            lazy: lazyPage(() => import("./routes/auth/connect-link-page.tsx")),
          },
        ],
      },
      // A review link's page: public, the signed token its only credential (decision 037).
      {
        lazy: lazyPage(() => import("./layouts/server-state-layout.tsx")),
        children: [
          {
            path: paths.review.slice(1),
            lazy: lazyPage(() => import("./routes/review/review-page.tsx")),
          },
        ],
      },
      // A link from an e-mail: signed out, the sign-in dialog brings the user back here.
      {
        element: <RequireAuth returnHere />,
        children: [
          {
            lazy: lazyPage(() => import("./layouts/server-state-layout.tsx")),
            children: [
              {
                path: paths.acceptInvitation.slice(1),
                lazy: lazyPage(() => import("./routes/app/accept-invitation-page.tsx")),
              },
            ],
          },
        ],
      },
      { path: "*", lazy: lazyPage(() => import("./routes/not-found-page.tsx")) },
    ],
  },
];

/** The route tree rendered for the current address (inside <BrowserRouter> or <StaticRouter>). */
export const AppRoutes = routesComponent(routes);
