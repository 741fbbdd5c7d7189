import { Suspense } from "react";
import { Outlet } from "react-router";
import { ErrorScreen } from "../../components/feedback/error-screen.tsx";
import { PageLoading } from "../../components/feedback/page-loading.tsx";
import { SessionProvider } from "../../lib/session/session-provider.tsx";
import { useRouteError } from "../routes/declare-routes.tsx";
import { AuthDialogHost } from "./auth-dialog-host.tsx";
import { ScrollRestoration } from "./scroll-restoration.tsx";

export function RootLayout() {
  return (
    <SessionProvider>
      <AuthDialogHost>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </AuthDialogHost>
      <ScrollRestoration />
    </SessionProvider>
  );
}

export function RootErrorScreen() {
  const error = useRouteError();
  return <ErrorScreen error={error} />;
}
