import type { ReactNode } from "react";
import { ErrorBoundary } from "../components/feedback/error-boundary.tsx";
import { ErrorScreen } from "../components/feedback/error-screen.tsx";
import { LazyToaster } from "../components/feedback/lazy-toaster.tsx";

/**
 * What every page shares: the global error screen and the toasts (sign-in and sign-out toasts
 * show on the public site too; sonner loads after the first paint, lib/toast.ts). Server state
 * (TanStack Query) lives in the app layout, so the public site does not load it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={(error) => <ErrorScreen error={error} />}>
      {children}
      {/* Below the 64-px header: a toast over the header hid its menus (the user menu under an
          "Invitation sent" toast took no click while the pointer kept the toast open). */}
      <LazyToaster
        richColors
        closeButton
        position="top-right"
        offset={{ top: 76 }}
        mobileOffset={{ top: 72 }}
      />
    </ErrorBoundary>
  );
}
