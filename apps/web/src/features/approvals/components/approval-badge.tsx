import { type ApprovalState, approvalStateLabels } from "@sightline/contracts";
import {
  CircleCheck,
  ClipboardCheck,
  type LucideIcon,
  MessageSquareWarning,
  PencilLine,
} from "lucide-react";
import { cn } from "../../../utils/cn.ts";

/** Each approval state has its colour, icon and word (decision 037): never colour alone. */
export const approvalStyles: Record<ApprovalState, { icon: LucideIcon; badge: string }> = {
  draft: { icon: PencilLine, badge: "bg-slate-100 text-slate-700 ring-slate-300" },
  in_review: { icon: ClipboardCheck, badge: "bg-violet-50 text-violet-800 ring-violet-300" },
  changes_requested: {
    icon: MessageSquareWarning,
    badge: "bg-orange-50 text-orange-900 ring-orange-300",
  },
  approved: { icon: CircleCheck, badge: "bg-teal-50 text-teal-900 ring-teal-300" },
};

export function ApprovalBadge({ state, className }: { state: ApprovalState; className?: string }) {
  const style = approvalStyles[state];
  const Icon = style.icon;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        style.badge,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {approvalStateLabels[state]}
    </span>
  );
}
