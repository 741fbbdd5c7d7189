import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/** POST /api/press-radar/fetch ("Fetch now"): queued; the live event refreshes the page. */
export const fetchPressSources = () => unwrap(api["press-radar"].fetch.$post());

export const useFetchPressSources = () => useMutation({ mutationFn: fetchPressSources });
