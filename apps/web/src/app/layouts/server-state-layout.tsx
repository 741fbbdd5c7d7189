import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Outlet } from "react-router";
import { createQueryClient } from "../../lib/query-client.ts";

/**
 * Server state (TanStack Query) for every signed-in route: the app layout's pages and the
 * Instagram callback pages, which hand the new connection to Settings through the same cache.
 * Loaded on demand, so the public site does not load TanStack Query.
 */
export default function ServerStateLayout() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
