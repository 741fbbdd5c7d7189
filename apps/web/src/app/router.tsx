import { lazy } from "react";
import type { RouteObject } from "react-router";
import { RootErrorScreen, RootLayout } from "./layouts/root-layout.tsx";

const LandingPage = lazy(() => import("./routes/marketing/landing-page.tsx"));
const NotFoundPage = lazy(() => import("./routes/not-found-page.tsx"));

/** Every route of the app; pages load on demand behind the layout's 'Loading...' fallback. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootErrorScreen />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
