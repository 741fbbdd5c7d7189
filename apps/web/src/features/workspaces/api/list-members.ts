import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

/** GET /api/workspaces/current/members: members, and pending invitations for owner and admins. */
export const listMembers = () => unwrap(api.workspaces.current.members.$get());
export type MembersOverview = SuccessData<
  Awaited<ReturnType<typeof api.workspaces.current.members.$get>>
>;

export const membersQueryOptions = () =>
  queryOptions({ queryKey: ["workspaces", "current", "members"] as const, queryFn: listMembers });

export const useMembers = () => useQuery(membersQueryOptions());
