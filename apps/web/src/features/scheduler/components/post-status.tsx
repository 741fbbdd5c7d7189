import type { ScheduledPostStatus } from "@sightline/contracts";
import { CircleAlert, CircleCheck, Clock3, type LucideIcon, PencilLine, Send } from "lucide-react";
import { cn } from "../../../utils/cn.ts";

/** Each status has a colour, an icon and a word: never colour alone. */
export const statusStyles: Record<
  ScheduledPostStatus,
  { label: string; icon: LucideIcon; chip: string; badge: string }
> = {
  draft: {
    label: "Draft",
    icon: PencilLine,
    chip: "border-slate-300 bg-slate-50 text-slate-700",
    badge: "bg-slate-100 text-slate-700 ring-slate-300",
  },
  scheduled: {
    label: "Scheduled",
    icon: Clock3,
    chip: "border-brand-200 bg-brand-50 text-brand-800",
    badge: "bg-brand-50 text-brand-800 ring-brand-200",
  },
  publishing: {
    label: "Publishing",
    icon: Send,
    chip: "border-amber-300 bg-amber-50 text-amber-900",
    badge: "bg-amber-50 text-amber-900 ring-amber-300",
  },
  published: {
    label: "Published",
    icon: CircleCheck,
    chip: "border-emerald-200 bg-emerald-50 text-emerald-900",
    badge: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  },
  failed: {
    label: "Failed",
    icon: CircleAlert,
    chip: "border-red-300 bg-red-50 text-red-900",
    badge: "bg-red-50 text-red-800 ring-red-300",
  },
};

export function StatusBadge({
  status,
  className,
}: {
  status: ScheduledPostStatus;
  className?: string;
}) {
  const style = statusStyles[status];
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
