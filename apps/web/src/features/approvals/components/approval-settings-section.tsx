import { ClipboardCheck } from "lucide-react";
import { useId } from "react";
import { errorMessage } from "../../../components/feedback/error-message.ts";
import { Skeleton } from "../../../components/feedback/skeleton.tsx";
import { toast } from "../../../lib/toast.ts";
import { useCan } from "../../../lib/workspace-role.tsx";
import { useApprovalSettings, useSaveApprovalSettings } from "../api/approval-settings.ts";
import { type ApproverCandidate, NamedApprovers } from "./named-approvers.tsx";

/**
 * Settings → Team: "Posts need approval" for the open Instagram account and its named approvers
 * (decision 037). Owners and admins change them; everyone else sees them. Shown on plans with
 * team members. `members` are the workspace's (the settings route passes them in).
 */
export function ApprovalSettingsSection({
  members,
}: {
  members?: readonly ApproverCandidate[] | undefined;
}) {
  const canReview = useCan("review");
  const settings = useApprovalSettings(canReview);
  const save = useSaveApprovalSettings();
  const canChange = useCan("approvals");
  const id = useId();
  if (!canReview) return null;
  if (settings.isPending) return <Skeleton className="mt-6 h-16 w-full" />;
  if (!settings.data?.available || !settings.data.account_id) return null;
  const { required, approver_user_ids } = settings.data;
  return (
    <div className="mt-8 border-t border-slate-200 pt-6">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <ClipboardCheck aria-hidden="true" className="size-4 text-brand-700" />
        Post approvals
      </h3>
      <div className="mt-3 flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
          // The choice shows at once while it is saved (a controlled box would lag the click).
          checked={save.isPending && save.variables ? save.variables.required : required}
          disabled={!canChange || save.isPending}
          onChange={(event) =>
            save.mutate(
              { required: event.target.checked, approver_user_ids },
              {
                onSuccess: (saved) =>
                  toast.success(saved.required ? "Posts now need approval" : "Approvals are off"),
                onError: (error) => toast.error(errorMessage(error)),
              },
            )
          }
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          <span className="block font-medium text-slate-900">Posts need approval</span>
          Editors send this account's posts for approval instead of scheduling them. Members with
          the Client role and the named approvers approve them or ask for changes, in Sightline or
          through a review link.
          {!canChange && " Only owners and admins change this."}
        </label>
      </div>
      {members ? (
        <NamedApprovers
          members={members}
          required={required}
          approverUserIds={approver_user_ids}
          canChange={canChange}
        />
      ) : null}
    </div>
  );
}
