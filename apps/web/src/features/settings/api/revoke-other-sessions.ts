import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getBrowserSessionClient } from "../../../lib/session/session-client.ts";
import { sessionsQueryOptions } from "./list-sessions.ts";

/**
 * 'Sign out everywhere else': the one scoped sign-out (POST /api/session/sign-out
 * {scope: "others"}, spec §7) through the session client, which keeps this tab signed in.
 */
export const revokeOtherSessions = () => getBrowserSessionClient().signOut("others");

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
