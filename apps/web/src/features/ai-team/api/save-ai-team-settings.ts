import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { type AiTeam, aiTeamQueryOptions } from "./get-ai-team.ts";

/** PUT /api/ai-team/settings: whether DM text may go to the model (admins and owners). */
export const saveAiTeamSettings = (settings: { shareDmText: boolean }) =>
  unwrap(api["ai-team"].settings.$put({ json: settings }));

export const useSaveAiTeamSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAiTeamSettings,
    onSuccess: (settings) =>
      queryClient.setQueryData(aiTeamQueryOptions().queryKey, (team: AiTeam | undefined) =>
        team?.connected ? { ...team, settings } : team,
      ),
  });
};
