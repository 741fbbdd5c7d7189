import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { pressRadarQueryKey } from "./press-radar-keys.ts";

/** DELETE /api/press-radar/keywords/:id (mentions already found stay). */
export const deletePressKeyword = (id: string) =>
  unwrap(api["press-radar"].keywords[":id"].$delete({ param: { id } }));

export function useDeletePressKeyword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePressKeyword,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pressRadarQueryKey }),
  });
}
