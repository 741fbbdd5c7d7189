import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

/** GET /api/ai-team: every role's facts and wording for the selected account (issue 31). */
export const getAiTeam = () => unwrap(api["ai-team"].$get());

export type AiTeam = SuccessData<Awaited<ReturnType<(typeof api)["ai-team"]["$get"]>>>;

export const aiTeamQueryOptions = () =>
  queryOptions({ queryKey: ["ai-team"] as const, queryFn: getAiTeam });

export const useAiTeam = () => useQuery(aiTeamQueryOptions());
