import type { TrendLabel } from "@sightline/contracts";
import { Minus, TrendingDown, TrendingUp } from "lucide-react";
import { cn } from "../../../utils/cn.ts";

const labelStyles: Record<TrendLabel, { className: string; icon: typeof TrendingUp }> = {
  Rising: { className: "bg-emerald-50 text-emerald-800 ring-emerald-200", icon: TrendingUp },
  Steady: { className: "bg-slate-100 text-slate-700 ring-slate-200", icon: Minus },
  Cooling: { className: "bg-amber-50 text-amber-900 ring-amber-200", icon: TrendingDown },
};

/** Rising, Steady or Cooling, with its arrow. */
export function TrendBadge({ label }: { label: TrendLabel }) {
  const { className, icon: Icon } = labelStyles[label];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        className,
      )}
      data-testid="trend-label"
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}
