import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "sonner";
import { ErrorBoundary } from "../components/feedback/error-boundary.tsx";
import { ErrorScreen } from "../components/feedback/error-screen.tsx";
import { createQueryClient } from "../lib/query-client.ts";

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary fallback={(error) => <ErrorScreen error={error} />}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster richColors closeButton position="top-right" />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
