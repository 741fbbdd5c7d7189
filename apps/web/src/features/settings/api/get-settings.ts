import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

/** GET /api/settings: profile, security summary and plan of the signed-in user. */
export const getSettings = () => unwrap(api.settings.$get());
export type SettingsOverview = SuccessData<Awaited<ReturnType<typeof api.settings.$get>>>;

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: ["settings"] as const, queryFn: getSettings });

export const useSettings = () => useQuery(settingsQueryOptions());
