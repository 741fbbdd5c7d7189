import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import { pressRadarQueryKey } from "./press-radar-keys.ts";

/** GET /api/press-radar: sources, keywords, the plan's keyword limit and sample feeds. */
export const getPressRadar = () => unwrap(api["press-radar"].$get());

export type PressRadarState = SuccessData<Awaited<ReturnType<(typeof api)["press-radar"]["$get"]>>>;
export type PressSource = PressRadarState["sources"][number];
export type PressKeyword = PressRadarState["keywords"][number];

export const pressRadarQueryOptions = () =>
  queryOptions({ queryKey: [...pressRadarQueryKey, "state"] as const, queryFn: getPressRadar });

export const usePressRadar = () => useQuery(pressRadarQueryOptions());
