import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/** POST /api/mentions/refresh: read the account's tags now (the list refreshes on the live event). */
export const refreshMentions = () => unwrap(api.mentions.refresh.$post());

export function useRefreshMentions() {
  return useMutation({ mutationFn: refreshMentions });
}
