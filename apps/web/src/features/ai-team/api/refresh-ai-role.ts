import type { AiRoleId, AiRoleReport } from "@sightline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { type AiTeam, aiTeamQueryOptions } from "./get-ai-team.ts";

/** POST /api/ai-team/:role/refresh: the role's facts computed and worded now (once a minute). */
export const refreshAiRole = (role: AiRoleId) =>
  unwrap(api["ai-team"][":role"].refresh.$post({ param: { role } }));

export const useRefreshAiRole = (role: AiRoleId) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshAiRole(role),
    onSuccess: (report) => {
      queryClient.setQueryData(aiTeamQueryOptions().queryKey, (team: AiTeam | undefined) =>
        team?.connected
          ? {
              ...team,
              roles: team.roles.map((entry) =>
                entry.role === role ? (report as AiRoleReport) : entry,
              ),
            }
          : team,
      );
    },
  });
};
