import { can, roleLabels, type WorkspaceRole } from "@sightline/contracts";
import { useId, useState } from "react";
import { errorMessage } from "../../../components/feedback/error-message.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../lib/toast.ts";
import { useSaveApprovalSettings } from "../api/approval-settings.ts";

/** A member who could be named an approver (the settings route passes the workspace's members). */
export type ApproverCandidate = {
  userId: string;
  name: string;
  email: string;
  role: WorkspaceRole;
};

/**
 * Who besides a client may be named: members who see posts sent for approval and are not
 * clients already (a client reviews by role; an analyst never sees these posts).
 */
function isNameable(member: ApproverCandidate) {
  return member.role !== "client" && can(member.role, "review");
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * Named approvers for the open account (decision 037): members who approve posts or ask for
 * changes beside the Client role. Owners and admins pick them and save; everyone else reads
 * who they are.
 */
export function NamedApprovers({
  members,
  required,
  approverUserIds,
  canChange,
}: {
  members: readonly ApproverCandidate[];
  required: boolean;
  approverUserIds: readonly string[];
  canChange: boolean;
}) {
  const save = useSaveApprovalSettings();
  // Undefined follows what is saved; a pick of the owner's or admin's own until saved.
  const [picked, setPicked] = useState<string[]>();
  const id = useId();
  const selected = picked ?? approverUserIds;
  const isDirty = picked !== undefined && !sameSet(picked, approverUserIds);
  // Someone named through the API stays listed, so they can be taken off.
  const candidates = members.filter(
    (member) => isNameable(member) || approverUserIds.includes(member.userId),
  );
  const named = members.filter((member) => approverUserIds.includes(member.userId));

  if (!canChange) {
    return (
      <div className="mt-4 text-sm text-slate-700" data-testid="named-approvers">
        <p className="font-medium text-slate-900">Named approvers</p>
        <p className="mt-1">
          {named.length > 0
            ? named.map((member) => member.name || member.email).join(", ")
            : "None: members with the Client role approve posts."}
        </p>
      </div>
    );
  }

  const toggle = (userId: string, on: boolean) =>
    setPicked((current) => {
      const base = current ?? [...approverUserIds];
      return on ? [...new Set([...base, userId])] : base.filter((one) => one !== userId);
    });

  return (
    <fieldset className="mt-4 min-w-0" data-testid="named-approvers">
      <legend className="text-sm font-medium text-slate-900">Named approvers</legend>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        Besides members with the Client role, these members approve this account's posts or ask for
        changes.
      </p>
      {candidates.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          Invite members to name them approvers. Clients approve posts without being named.
        </p>
      ) : (
        <ul
          aria-describedby={`${id}-hint`}
          className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200"
        >
          {candidates.map((member) => {
            const boxId = `${id}-${member.userId}`;
            return (
              <li key={member.userId} className="flex items-center gap-3 px-3 py-2.5">
                <input
                  id={boxId}
                  type="checkbox"
                  className="size-4 shrink-0 accent-brand-600"
                  checked={selected.includes(member.userId)}
                  disabled={save.isPending}
                  onChange={(event) => toggle(member.userId, event.target.checked)}
                />
                <label
                  htmlFor={boxId}
                  className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3"
                >
                  <span className="min-w-0 flex-1 basis-40">
                    <span className="block truncate text-sm font-medium text-slate-900">
                      {member.name || member.email}
                    </span>
                    <span className="block truncate text-xs text-slate-500">{member.email}</span>
                  </span>
                  <Badge variant={member.role === "owner" ? "brand" : "neutral"}>
                    {roleLabels[member.role]}
                  </Badge>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {candidates.length > 0 ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button
            type="button"
            size="sm"
            disabled={!isDirty || save.isPending}
            onClick={() =>
              save.mutate(
                { required, approver_user_ids: [...selected] },
                {
                  onSuccess: (saved) => {
                    setPicked(undefined);
                    toast.success(
                      saved.approver_user_ids.length === 0
                        ? "No named approvers"
                        : `Approvers saved (${saved.approver_user_ids.length})`,
                    );
                  },
                  onError: (error) => toast.error(errorMessage(error)),
                },
              )
            }
          >
            Save approvers
          </Button>
          <span className="text-xs text-slate-500" aria-live="polite">
            {isDirty ? "Not saved yet" : ""}
          </span>
        </div>
      ) : null}
    </fieldset>
  );
}
