import type { ConnectLogin, CreateConnectLinkInput } from "@sightline/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { useRealtimeEvent } from "../../../lib/realtime/use-realtime-event.ts";
import type { ConnectCallbackParams } from "./complete-instagram-connect.ts";

/*
 * Connect links (issue 29 point 3): the workspace's side (list, create, withdraw) and the
 * visitor's (preview, start, finish), which needs no session.
 */

export const connectLinksQueryKey = ["instagram", "connect-links"] as const;

/** GET /api/instagram/connect-links: links waiting, and those used in the last 30 days. */
export const connectLinksQueryOptions = () =>
  queryOptions({
    queryKey: connectLinksQueryKey,
    queryFn: () => unwrap(api.instagram["connect-links"].$get()),
  });

/** The workspace's links, read again when an account connects (perhaps through one of them). */
export function useConnectLinks(enabled: boolean) {
  const queryClient = useQueryClient();
  useRealtimeEvent("instagram-connection:updated", () => {
    void queryClient.invalidateQueries({ queryKey: connectLinksQueryKey });
  });
  return useQuery({ ...connectLinksQueryOptions(), enabled });
}

/** POST /api/instagram/connect-links: a new link (its URL is answered this once). */
export function useCreateConnectLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateConnectLinkInput) =>
      unwrap(api.instagram["connect-links"].$post({ json: input })),
    meta: { skipGlobalErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectLinksQueryKey }),
  });
}

/** DELETE /api/instagram/connect-links/:id: the link stops working. */
export function useWithdrawConnectLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.instagram["connect-links"][":id"].$delete({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectLinksQueryKey }),
  });
}

/** POST /api/connect-links/preview: who asks, for the link's page. */
export const connectLinkPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["connect-links", "preview", token] as const,
    queryFn: () => unwrap(api["connect-links"].preview.$post({ json: { token } })),
    retry: false,
  });

/** POST /api/connect-links/start: Meta's consent page for the chosen login. */
export const startLinkConnect = (token: string, login: ConnectLogin) =>
  unwrap(api["connect-links"].start.$post({ json: { token, login } }));

/** POST /api/connect-links/callback: back from Meta, the account joins the link's workspace. */
export const completeLinkConnect = (login: ConnectLogin, params: ConnectCallbackParams) =>
  unwrap(api["connect-links"].callback.$post({ json: { login, ...params } }));
