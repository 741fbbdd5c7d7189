import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { pressRadarQueryKey } from "./press-radar-keys.ts";

/** DELETE /api/press-radar/sources/:id: the source and its mentions. */
export const deletePressSource = (id: string) =>
  unwrap(api["press-radar"].sources[":id"].$delete({ param: { id } }));

export function useDeletePressSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePressSource,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pressRadarQueryKey }),
  });
}
