import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { unseenMentionsQueryOptions } from "./get-unseen-mentions-count.ts";

/** POST /api/press-radar/mentions/seen: every unseen mention (or only `ids`). */
export const markMentionsSeen = (ids?: string[]) =>
  unwrap(api["press-radar"].mentions.seen.$post({ json: ids ? { ids } : {} }));

export function useMarkMentionsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMentionsSeen,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: unseenMentionsQueryOptions().queryKey }),
  });
}
