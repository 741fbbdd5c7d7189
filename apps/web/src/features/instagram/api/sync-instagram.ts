import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/** POST /api/instagram/sync: queues a sync of the account (queued false when it needs reconnecting). */
export const syncInstagram = () => unwrap(api.instagram.sync.$post());

export function useSyncInstagram() {
  return useMutation({ mutationFn: syncInstagram });
}
