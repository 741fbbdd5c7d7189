import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { pressRadarQueryKey } from "./press-radar-keys.ts";

/** PATCH /api/press-radar/sources/:id: mute or unmute. */
export const setPressSourceMuted = ({ id, isMuted }: { id: string; isMuted: boolean }) =>
  unwrap(api["press-radar"].sources[":id"].$patch({ param: { id }, json: { isMuted } }));

export function useSetPressSourceMuted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPressSourceMuted,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pressRadarQueryKey }),
  });
}
