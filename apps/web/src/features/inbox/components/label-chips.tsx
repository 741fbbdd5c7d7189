import type { InboxLabel } from "@sightline/contracts";
import { cn } from "../../../utils/cn.ts";
import { labelChipClass } from "../api/labels.ts";

/** A conversation's labels as small chips; past `max`, a "+N" names the rest in its title. */
export function LabelChips({ labels, max }: { labels: InboxLabel[]; max?: number }) {
  if (labels.length === 0) return null;
  const shown = max === undefined ? labels : labels.slice(0, max);
  const rest = labels.slice(shown.length);
  return (
    <span className="flex shrink-0 items-center gap-1" data-testid="label-chips">
      {shown.map((label) => (
        <span
          key={label.id}
          className={cn(
            "max-w-24 truncate rounded-full px-1.5 py-px text-[11px] font-semibold ring-1 ring-inset",
            labelChipClass[label.color],
          )}
        >
          {label.name}
        </span>
      ))}
      {rest.length > 0 ? (
        <span
          className="text-[11px] font-semibold text-slate-600"
          title={rest.map((label) => label.name).join(", ")}
        >
          +{rest.length}
        </span>
      ) : null}
    </span>
  );
}
