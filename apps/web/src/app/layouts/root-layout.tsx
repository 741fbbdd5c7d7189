import { Suspense } from "react";
import { Outlet, ScrollRestoration, useRouteError } from "react-router";
import { ErrorScreen } from "../../components/feedback/error-screen.tsx";
import { PageLoading } from "../../components/feedback/page-loading.tsx";

export function RootLayout() {
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

export function RootErrorScreen() {
  const error = useRouteError();
  return <ErrorScreen error={error} />;
}
