import { approvalStateLabels } from "@sightline/contracts";
import {
  CalendarX2,
  CircleCheck,
  ClipboardCheck,
  type LucideIcon,
  MessageSquareWarning,
} from "lucide-react";
import { cn } from "../../../utils/cn.ts";
import type { PostApproval } from "../api/list-approval-states.ts";
import type { CalendarPost } from "../api/list-calendar-posts.ts";
import { statusStyles } from "./post-status.tsx";

/** The review states a post waiting as a draft shows instead of "Draft" (decision 037). */
export const reviewFilters = ["in_review", "changes_requested", "approved", "missed_slot"] as const;
export type ReviewFilter = (typeof reviewFilters)[number];

type Style = { label: string; icon: LucideIcon; chip: string; badge: string };

export const reviewStyles: Record<ReviewFilter, Style> = {
  in_review: {
    label: approvalStateLabels.in_review,
    icon: ClipboardCheck,
    chip: "border-violet-300 bg-violet-50 text-violet-900",
    badge: "bg-violet-50 text-violet-800 ring-violet-300",
  },
  changes_requested: {
    label: approvalStateLabels.changes_requested,
    icon: MessageSquareWarning,
    chip: "border-orange-300 bg-orange-50 text-orange-900",
    badge: "bg-orange-50 text-orange-900 ring-orange-300",
  },
  approved: {
    label: approvalStateLabels.approved,
    icon: CircleCheck,
    chip: "border-teal-300 bg-teal-50 text-teal-900",
    badge: "bg-teal-50 text-teal-900 ring-teal-300",
  },
  missed_slot: {
    label: "Missed its slot",
    icon: CalendarX2,
    chip: "border-red-300 bg-white text-red-900 border-dashed",
    badge: "bg-white text-red-800 ring-red-300",
  },
};

/** The review state a post shows, if any: only drafts wait for approval. */
export function reviewOf(
  post: CalendarPost,
  approvals: ReadonlyMap<string, PostApproval> | undefined,
): ReviewFilter | undefined {
  const approval = post.status === "draft" ? approvals?.get(post.id) : undefined;
  if (!approval || approval.state === "draft") return undefined;
  return approval.missedSlot ? "missed_slot" : approval.state;
}

/** The style of a post's chip and badge: its review state's, else its status's. */
export function postStyle(
  post: CalendarPost,
  approvals: ReadonlyMap<string, PostApproval> | undefined,
): Style {
  const review = reviewOf(post, approvals);
  return review ? reviewStyles[review] : statusStyles[post.status];
}

export function PostStateBadge({
  post,
  approvals,
  className,
}: {
  post: CalendarPost;
  approvals: ReadonlyMap<string, PostApproval> | undefined;
  className?: string;
}) {
  const style = postStyle(post, approvals);
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
      {style.label}
    </span>
  );
}
