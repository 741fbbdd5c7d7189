import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/** POST /api/trend-radar/refresh: samples every tracked hashtag now (the live event refreshes). */
export const refreshTrendRadar = () => unwrap(api["trend-radar"].refresh.$post());

export const useRefreshTrendRadar = () => useMutation({ mutationFn: refreshTrendRadar });
