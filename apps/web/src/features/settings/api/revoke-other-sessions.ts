import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { sessionsQueryOptions } from "./list-sessions.ts";

/** POST /api/settings/sessions/revoke-others: 'Sign out everywhere else'. */
export const revokeOtherSessions = () => unwrap(api.settings.sessions["revoke-others"].$post());

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
