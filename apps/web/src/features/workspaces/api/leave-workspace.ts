import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/** POST /api/workspaces/current/leave (not the owner: they hand the workspace over first). */
export const leaveWorkspace = () => unwrap(api.workspaces.current.leave.$post());

export const useLeaveWorkspace = () => useMutation({ mutationFn: leaveWorkspace });
