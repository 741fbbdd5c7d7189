import type { ReactNode } from "react";
import { cn } from "../../../utils/cn.ts";

/**
 * Spec §1: channels other than Instagram are shown as coming soon and are not clickable: no link,
 * no button, announced as a disabled group.
 */
export function ComingSoonChannel({
  label,
  className,
  children,
  channel,
}: {
  label: string;
  className?: string;
  children: ReactNode;
  channel: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: not a form control group; role group carries aria-disabled
    <div
      role="group"
      aria-disabled="true"
      aria-label={label}
      data-channel={channel}
      className={cn("cursor-not-allowed", className)}
    >
      {children}
    </div>
  );
}
