import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Outlet } from "react-router";
import { instagramAccountsQueryKey } from "../../features/instagram/api/use-instagram-accounts.ts";
import { onSelectedAccountChange } from "../../lib/account.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { onOpenWorkspaceChange } from "../../lib/workspace.ts";
import { workspacesQueryKey } from "../../lib/workspaces.ts";

/**
 * Server state (TanStack Query) for every signed-in route: the app layout's pages and the
 * Instagram callback pages, which hand the new connection to Settings through the same cache.
 * Loaded on demand, so the public site does not load TanStack Query.
 */
export default function ServerStateLayout() {
  const [queryClient] = useState(createQueryClient);
  // A stored workspace the server no longer knows for this user is dropped (lib/workspaces.ts):
  // whatever was asked of it is asked again of the workspace the server chooses.
  useEffect(
    () =>
      onOpenWorkspaceChange((id) => {
        if (id !== null) return;
        void queryClient.resetQueries({
          predicate: (query) => query.queryKey[0] !== workspacesQueryKey[0],
        });
      }),
    [queryClient],
  );
  // Another Instagram account (the switcher, an address naming one, a stale one dropped): nothing
  // read for the previous account may show; every answer is read again for this one.
  useEffect(
    () =>
      onSelectedAccountChange(() => {
        queryClient.removeQueries({ type: "inactive" });
        void queryClient.resetQueries({
          predicate: (query) =>
            query.queryKey[0] !== workspacesQueryKey[0] &&
            !(
              query.queryKey[0] === instagramAccountsQueryKey[0] &&
              query.queryKey[1] === instagramAccountsQueryKey[1]
            ),
        });
      }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
