import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { sessionsQueryOptions } from "./list-sessions.ts";

/** POST /api/settings/sessions/:id/revoke */
export const revokeSession = (id: string) =>
  unwrap(api.settings.sessions[":id"].revoke.$post({ param: { id } }));

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
