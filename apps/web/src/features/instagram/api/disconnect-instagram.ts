import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { instagramConnectionQueryOptions } from "./use-instagram-connection.ts";

/** DELETE /api/instagram/connection: revokes at Meta, deletes the token and the synced data. */
export const disconnectInstagram = (input: { keepPublishedHistory: boolean }) =>
  unwrap(api.instagram.connection.$delete({ json: input }));

export function useDisconnectInstagram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectInstagram,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: instagramConnectionQueryOptions().queryKey }),
  });
}
